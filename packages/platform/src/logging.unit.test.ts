import { Writable } from 'node:stream';
import { z } from 'zod';
import { ConfigError, envSchemas, loadConfig, parseEnv } from './config';
import { createLogger, formatLogLine } from './logging';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, destination };
}

describe('createLogger', () => {
  it('redacts secrets at any depth, in child bindings and in errors', () => {
    const { lines, destination } = capture();
    const logger = createLogger('test', { env: { LOG_LEVEL: 'info' }, destination });
    logger.info({ req: { headers: { Authorization: 'Bearer x', cookie: 'nocturne_session=s', 'x-nocturne-context': 'p.s', accept: '*/*' } }, body: [{ password: 'hunter2' }] }, 'request');
    logger.child({ token: 'reset-token' }).info({ res: { headers: { 'set-cookie': ['a=b'] } } }, 'child');
    logger.error({ err: Object.assign(new Error('boom'), { password: 'p' }) }, 'failed');
    const text = JSON.stringify(lines);
    for (const secret of ['Bearer x', 'nocturne_session=s', 'p.s', 'hunter2', 'reset-token', 'a=b', '"p"']) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({ service: 'test', msg: 'request', req: { headers: { accept: '*/*', Authorization: '[Redacted]' } } });
    expect(lines[2]).toMatchObject({ msg: 'failed', err: { message: 'boom', password: '[Redacted]' } });
  });

  it('blanks out tokens in URLs, URL credentials and email addresses, in messages, fields and errors', () => {
    const { lines, destination } = capture();
    const logger = createLogger('test', { env: { LOG_LEVEL: 'info' }, destination });
    const link = 'https://nocturne.example/reset-password?token=Zm9vYmFyLXNlY3JldA&lang=en';
    logger.info({ link, nested: { url: '/api/x?access_token=abc123#sig=def456' } }, `mail to luna.night+x@example.com: ${link}`);
    logger.info({ smtp: 'smtp://mailer:pa55word@mail.example:587' }, 'connecting');
    logger.error({ err: new Error('550 mailbox luna.night+x@example.com unavailable') }, 'mail failed');
    logger.info({ email: 'not-even-an-address' }, 'account');
    const text = JSON.stringify(lines);
    for (const secret of ['Zm9vYmFyLXNlY3JldA', 'abc123', 'def456', 'luna.night', 'pa55word', 'mailer:', 'not-even-an-address']) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({
      msg: 'mail to [email]: https://nocturne.example/reset-password?token=[Redacted]&lang=en',
      link: 'https://nocturne.example/reset-password?token=[Redacted]&lang=en',
      nested: { url: '/api/x?access_token=[Redacted]#sig=[Redacted]' },
    });
    expect(lines[1]).toMatchObject({ smtp: 'smtp://[Redacted]@mail.example:587' });
    expect(lines[2]).toMatchObject({ err: { message: '550 mailbox [email] unavailable' } });
    expect(lines[3]).toMatchObject({ email: '[Redacted]' });
  });

  it('leaves ordinary text alone', () => {
    const { lines, destination } = capture();
    const logger = createLogger('test', { env: { LOG_LEVEL: 'info' }, destination });
    logger.info({ path: '/api/photos/3/thumb', pkg: '@nocturne/platform', version: 'graphql@16.15.0', query: '?page=2' }, 'served in 12 ms');
    expect(lines[0]).toMatchObject({ msg: 'served in 12 ms', path: '/api/photos/3/thumb', pkg: '@nocturne/platform', version: 'graphql@16.15.0', query: '?page=2' });
  });

  it('takes its level from LOG_LEVEL and rejects an unknown one', () => {
    const { lines, destination } = capture();
    const logger = createLogger('test', { env: { LOG_LEVEL: 'warn' }, destination });
    logger.info('hidden');
    logger.warn('shown');
    expect(lines.map((l) => l.msg)).toEqual(['shown']);
    expect(() => createLogger('test', { env: { LOG_LEVEL: 'loud' } })).toThrow(/LOG_LEVEL/);
  });
});

describe('formatLogLine', () => {
  it('prints time, level, origin and message, then the other fields, with an error stack on its own lines', () => {
    const { lines, destination } = capture();
    const logger = createLogger('swipe', { env: { LOG_LEVEL: 'info' }, destination }).child({ component: 'relay' });
    logger.warn({ streamId: 'night-7', lag: 3, note: 'two words' }, 'relay behind');
    logger.error({ err: new Error('broker away'), password: 'hunter2' }, 'publish failed');
    const [warn, error] = lines.map((line) => formatLogLine(JSON.stringify(line), false));
    expect(warn).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3} WARN {2}swipe\/relay relay behind streamId=night-7 lag=3 note="two words"\n$/);
    expect(error).toContain('ERROR swipe/relay publish failed err="broker away" password=[Redacted]');
    expect(error).toMatch(/\nError: broker away\n\s+at /);
    expect(warn).not.toContain('"level"');
  });

  it('passes a line that is not JSON as it is, and colours only when asked', () => {
    expect(formatLogLine('plain text', true)).toBe('plain text');
    expect(formatLogLine(JSON.stringify({ level: 30, time: 0, service: 'auth', msg: 'up' }), true)).toContain('\u001b[32mINFO');
  });

  it('refuses an unknown LOG_FORMAT', () => {
    expect(() => createLogger('test', { env: { LOG_LEVEL: 'info', LOG_FORMAT: 'yaml' } })).toThrow('LOG_FORMAT must be json or pretty, got "yaml"');
  });
});

describe('parseEnv', () => {
  const schema = z.object({ PORT: envSchemas.port(4001), TRUST_PROXY: envSchemas.boolean(false), SECRET: z.string().min(8) });

  it('parses and applies defaults', () => {
    expect(parseEnv(schema, { SECRET: '12345678' })).toEqual({ PORT: 4001, TRUST_PROXY: false, SECRET: '12345678' });
    expect(parseEnv(schema, { SECRET: '12345678', PORT: '0', TRUST_PROXY: 'true' })).toMatchObject({ PORT: 0, TRUST_PROXY: true });
  });

  it('names every bad variable', () => {
    const error = (() => {
      try {
        parseEnv(schema, { PORT: 'eighty', SECRET: 'short' });
      } catch (e) {
        return e;
      }
    })() as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.issues).toHaveLength(2);
    expect(error.message).toMatch(/PORT: .*"eighty"/);
    expect(error.message).toMatch(/SECRET/);
    expect(error.message).not.toContain('short');
  });

  it('exits with a clear message from loadConfig', () => {
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const exit = jest.fn((code: number): never => {
      throw new Error(`exit ${code}`);
    });
    expect(() => loadConfig(schema, { env: {}, service: 'auth', exit })).toThrow('exit 78');
    expect(String(write.mock.calls[0]![0])).toMatch(/^auth: invalid configuration:\n {2}- SECRET/);
    write.mockRestore();
  });
});
