import { Writable } from 'node:stream';
import pino from 'pino';
import { RuleViolation } from '../domain/ruleViolation';
import { INTERNAL_CONTEXT_HEADER, signInternalContext } from './internalContext';
import { createSubgraphServer, type SubgraphBaseContext, type SubgraphServer } from './subgraphServer';

const secret = 'test-secret';

interface GraphQLResponseBody {
  errors: [{ message: string; extensions: Record<string, unknown> }, ...Array<{ message: string; extensions: Record<string, unknown> }>];
}
const typeDefs = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
  type Query { whoAmI: Int, failsWithConflict: Boolean, crashes: Boolean, greeting: String }
  type Mutation { setCookie: Boolean }
`;

function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('subgraph server', () => {
  let server: SubgraphServer;
  let url: string;
  let ready = true;
  let ran = 0;
  const logs = captureLogs();

  beforeAll(async () => {
    server = createSubgraphServer<SubgraphBaseContext & { greeting: string }>({
      name: 'test',
      typeDefs,
      port: 0,
      internalSecret: secret,
      logger: logs.logger,
      buildContext: (base) => ({ ...base, greeting: 'hello' }),
      readinessChecks: { projections: () => ready },
      resolvers: {
        Query: {
          whoAmI: (_parent, _args, context) => {
            ran += 1;
            return context.internal.uid ?? null;
          },
          greeting: (_parent, _args, context) => context.greeting,
          failsWithConflict: () => {
            throw new RuleViolation('CONFLICT', 'Username is already taken', { field: 'username' });
          },
          crashes: () => {
            throw new Error('connection string mongodb://admin@db leaked');
          },
        },
        Mutation: {
          setCookie: (_parent, _args, context) => {
            context.setResponseHeader('x-nocturne-set-session', 'clear');
            return true;
          },
        },
      },
    });
    ({ url } = await server.start());
  });

  afterAll(async () => {
    await server.stop();
  });

  const post = (query: string, header?: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(header !== undefined && { [INTERNAL_CONTEXT_HEADER]: header }) },
      body: JSON.stringify({ query }),
    });

  it('listens on a free port when given 0', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/);
    expect(url).not.toContain(':0/');
  });

  it('runs a request that carries a well-signed, fresh context and hands the caller to resolvers', async () => {
    const response = await post('{ whoAmI greeting }', signInternalContext({ uid: 7, ip: '10.0.0.1' }, secret));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { whoAmI: 7, greeting: 'hello' } });
  });

  it.each([
    ['missing', undefined],
    ['forged', signInternalContext({ uid: 7, ip: '10.0.0.1' }, 'another-secret')],
    ['stale', signInternalContext({ uid: 7, ip: '10.0.0.1' }, secret, Date.now() - 61_000)],
    ['malformed', 'not-a-context'],
  ])('answers 401 and runs nothing when the context is %s', async (_case, header) => {
    const before = ran;
    const response = await post('{ whoAmI }', header);
    expect(response.status).toBe(401);
    expect(ran).toBe(before);
  });

  it('keeps the message and extensions of a domain error', async () => {
    const body = (await (await post('{ failsWithConflict }', signInternalContext({ ip: '::1' }, secret))).json()) as GraphQLResponseBody;
    expect(body.errors[0]).toMatchObject({ message: 'Username is already taken', extensions: { code: 'CONFLICT', field: 'username' } });
    expect(body.errors[0].extensions.stacktrace).toBeUndefined();
  });

  it('turns any other error into a generic internal error and logs the original', async () => {
    const body = (await (await post('{ crashes }', signInternalContext({ ip: '::1' }, secret))).json()) as GraphQLResponseBody;
    expect(body.errors[0].extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    expect(JSON.stringify(body)).not.toContain('mongodb');
    expect(logs.lines.some((line) => line.includes('connection string') && line.includes('"level":50'))).toBe(true);
  });

  it('keeps query validation errors, which describe the caller and not the server', async () => {
    const body = (await (await post('{ noSuchField }', signInternalContext({ ip: '::1' }, secret))).json()) as GraphQLResponseBody;
    expect(body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('lets a resolver set a response header', async () => {
    const response = await post('mutation { setCookie }', signInternalContext({ ip: '::1' }, secret));
    expect(response.headers.get('x-nocturne-set-session')).toBe('clear');
  });

  it('answers health without a context and readiness from its checks', async () => {
    const base = url.replace('/graphql', '');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    ready = false;
    const notReady = await fetch(`${base}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ checks: { started: true, projections: false } });
    expect((await server.readiness()).ready).toBe(false);
    ready = true;
  });

  it('stops cleanly and releases its port', async () => {
    const another = createSubgraphServer({ name: 'short-lived', typeDefs, resolvers: {}, port: 0, internalSecret: secret, logger: pino({ level: 'silent' }) });
    const { url: anotherUrl } = await another.start();
    await fetch(anotherUrl.replace('/graphql', '/healthz'));
    await another.stop();
    await expect(fetch(anotherUrl.replace('/graphql', '/healthz'))).rejects.toThrow();
    expect((await another.readiness()).ready).toBe(false);
  });
});
