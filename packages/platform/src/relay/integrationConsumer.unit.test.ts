import { randomUUID } from 'node:crypto';
import { AuthEvents, type IntegrationEvent } from '@nocturne/contracts';
import { InProcessEventBus, InProcessKeyValueStore } from '../inprocess';
import { createLogger } from '../logging';
import { MemorySubjectKeyStore, PersonalDataVault, sealPublishedPersonalData } from '../privacy';
import { eventually } from '../testing';
import type { BusConsumer } from '../ports';
import { consumeIntegrationEvents, keyValueDeduper, on, UnsupportedEventVersionError } from '.';

const logger = createLogger('test', { env: { LOG_LEVEL: 'silent' } });
const registered = (userId: number, name: string): IntegrationEvent => ({
  id: randomUUID(),
  type: 'UserRegistered',
  version: 1,
  occurredAt: '2030-01-01T22:00:00.000Z',
  aggregateId: String(userId),
  data: { userId, username: `user${userId}`, name, age: 30, registeredAt: '2030-01-01T22:00:00.000Z' },
  metadata: {},
});

describe('integration event consumer', () => {
  let bus: InProcessEventBus;
  let vault: PersonalDataVault;
  let consumer: BusConsumer;
  let handled: IntegrationEvent[];

  beforeEach(async () => {
    bus = new InProcessEventBus({ retryBackoffMs: 1 });
    vault = new PersonalDataVault({ store: new MemorySubjectKeyStore() });
    handled = [];
    consumer = await consumeIntegrationEvents({
      bus,
      group: 'test',
      topics: ['auth.events'],
      publishedPersonalData: vault,
      deduper: keyValueDeduper(new InProcessKeyValueStore(), { namespace: 'test' }),
      handlers: [on(AuthEvents.UserRegistered, async (_data, event) => void handled.push(event)), on(AuthEvents.UserDeleted, async (_data, event) => void handled.push(event))],
      logger,
    });
  });
  afterEach(async () => {
    await consumer.stop();
    await bus.close();
  });

  const publish = async (event: IntegrationEvent) => bus.publish('auth.events', [{ key: event.aggregateId, event }]);

  it('hands over events with their personal fields opened, once per id', async () => {
    const event = registered(7, 'Selene Moon');
    const sealed = await sealPublishedPersonalData(event, vault);
    expect(JSON.stringify(sealed)).not.toContain('Selene');
    await publish(sealed);
    await publish(sealed);
    await publish(registered(8, 'Plain Old'));
    await eventually(() => expect(handled.map((e) => e.aggregateId)).toEqual(['7', '8']));
    expect(handled[0]).toEqual(event);
  });

  it("skips the events of a person whose published key was shredded, and goes on with the next", async () => {
    const sealed = await sealPublishedPersonalData(registered(9, 'Erased Person'), vault);
    await vault.shred('9');
    await publish(sealed);
    const deleted: IntegrationEvent = { ...registered(9, ''), type: 'UserDeleted', data: { userId: 9, deletedAt: 'now' } };
    await publish(deleted);
    await eventually(() => expect(handled.map((e) => e.type)).toEqual(['UserDeleted']));
  });
});

describe('integration event dispatch', () => {
  it('dispatches on type and version, parses the data with the contract, and skips types it has no handler for', async () => {
    const bus = new InProcessEventBus({ retryBackoffMs: 1 });
    const names: string[] = [];
    const consumer = await consumeIntegrationEvents({
      bus,
      group: 'test',
      topics: ['auth.events'],
      publishedPersonalData: new PersonalDataVault({ store: new MemorySubjectKeyStore() }),
      deduper: keyValueDeduper(new InProcessKeyValueStore(), { namespace: 'test' }),
      handlers: [on(AuthEvents.UserRegistered, async (data) => void names.push(data.name))],
      logger,
    });
    const other = { ...registered(3, 'Other'), type: 'SomethingElse' };
    await bus.publish('auth.events', [{ key: '3', event: other }, { key: '3', event: registered(3, 'Luna') }]);
    await eventually(() => expect(names).toEqual(['Luna']));
    await consumer.stop();
    await bus.close();
  });

  it('parks a known type at an unknown version on the dead-letter topic instead of guessing', async () => {
    const bus = new InProcessEventBus({ retryBackoffMs: 1 });
    const handled: string[] = [];
    const parked: string[] = [];
    const consumer = await consumeIntegrationEvents({
      bus,
      group: 'test',
      topics: ['auth.events'],
      publishedPersonalData: new PersonalDataVault({ store: new MemorySubjectKeyStore() }),
      deduper: keyValueDeduper(new InProcessKeyValueStore(), { namespace: 'test' }),
      handlers: [on(AuthEvents.UserRegistered, async (_data, event) => void handled.push(event.aggregateId))],
      logger,
    });
    const dlq = await bus.subscribe({ groupId: 'dlq-reader', topics: ['auth.events.dlq'], handler: async (message) => void parked.push(message.event.aggregateId) });
    await bus.publish('auth.events', [{ key: '5', event: { ...registered(5, 'Future'), version: 2 } }, { key: '6', event: registered(6, 'Now') }]);
    await eventually(() => expect({ handled, parked }).toEqual({ handled: ['6'], parked: ['5'] }), { timeoutMs: 15_000 });
    expect(new UnsupportedEventVersionError('UserRegistered', 2, [1]).message).toBe('UserRegistered version 2 is not supported (handled: 1)');
    await consumer.stop();
    await dlq.stop();
    await bus.close();
  });
});
