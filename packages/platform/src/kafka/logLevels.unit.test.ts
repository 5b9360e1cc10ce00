import { logLevel } from 'kafkajs';
import { kafkaLogCreator } from './eventBus';

describe("kafkajs's log lines", () => {
  const logged: Array<{ level: string; msg: string; fields: unknown }> = [];
  const at = (level: string) => (fields: unknown, msg: string) => void logged.push({ level, msg, fields });
  const logger = { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') } as never;
  const log = kafkaLogCreator(logger)();
  const entry = (level: number, message: string, extra: Record<string, unknown> = {}) => ({ namespace: 'Connection', level, label: 'ERROR', log: { timestamp: '2026-11-27T22:15:55.024Z', logger: 'kafkajs', message, ...extra } });

  beforeEach(() => void logged.splice(0));

  it('keeps their level, with the line in the message and the rest in `kafka`', () => {
    log(entry(logLevel.ERROR, 'Response Metadata(key: 3, version: 6)', { broker: '127.0.0.1:9092', error: 'This server does not host this topic-partition' }));
    log(entry(logLevel.WARN, 'Connection timeout'));
    expect(logged).toEqual([
      { level: 'error', msg: 'kafka: Response Metadata(key: 3, version: 6)', fields: { kafka: { timestamp: '2026-11-27T22:15:55.024Z', logger: 'kafkajs', broker: '127.0.0.1:9092', error: 'This server does not host this topic-partition' } } },
      { level: 'warn', msg: 'kafka: Connection timeout', fields: { kafka: { timestamp: '2026-11-27T22:15:55.024Z', logger: 'kafkajs' } } },
    ]);
  });

  it("logs the coordinator's rebalance notice, which every member gets when an instance joins or leaves, at info", () => {
    log(entry(logLevel.ERROR, 'Response Heartbeat(key: 12, version: 3)', { broker: '127.0.0.1:9092', clientId: 'nocturne-swipe', error: 'The group is rebalancing, so a rejoin is needed', correlationId: 8, size: 10 }));
    expect(logged.map(({ level, msg }) => [level, msg])).toEqual([['info', 'kafka: Response Heartbeat(key: 12, version: 3)']]);
  });
});
