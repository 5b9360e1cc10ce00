import { Writable } from 'node:stream';
import pino from 'pino';
import { RuleViolation } from '../domain/ruleViolation';
import { INTERNAL_CONTEXT_HEADER, signGraphqlRequest, signInternalContext, STREAMED_BODY, type InternalContext } from './internalContext';
import { createSubgraphServer, internalContextOf, type SubgraphBaseContext, type SubgraphServer } from './subgraphServer';

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
      routes: (media) => {
        media.get('/files/:name', (req, res) => {
          res.json({ name: req.params.name, uid: internalContextOf(res).uid ?? null });
        });
      },
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

  type Caller = Omit<InternalContext, 'iat'>;
  /** Posts a query; `sign` makes the header for the exact body sent (the gateway's way), or none. */
  const post = (query: string, sign?: ((body: string) => string) | null) => {
    const body = JSON.stringify({ query });
    const header = sign?.(body);
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(header !== undefined && { [INTERNAL_CONTEXT_HEADER]: header }) },
      body,
    });
  };
  const as = (caller: Caller) => (body: string) => signGraphqlRequest(caller, secret, body);
  const anonymous = as({ ip: '::1' });

  it('listens on a free port when given 0', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/);
    expect(url).not.toContain(':0/');
  });

  it('runs a request that carries a well-signed, fresh context and hands the caller to resolvers', async () => {
    const response = await post('{ whoAmI greeting }', as({ uid: 7, ip: '10.0.0.1' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { whoAmI: 7, greeting: 'hello' } });
  });

  it.each<[string, ((body: string) => string) | null]>([
    ['missing', null],
    ['forged', (body) => signGraphqlRequest({ uid: 7, ip: '10.0.0.1' }, 'another-secret', body)],
    ['stale', (body) => signGraphqlRequest({ uid: 7, ip: '10.0.0.1' }, secret, body, Date.now() - 16_000)],
    ['malformed', () => 'not-a-context'],
    ['signed for another body', () => signGraphqlRequest({ uid: 7, ip: '10.0.0.1' }, secret, JSON.stringify({ query: '{ greeting }' }))],
    ['signed for another path', (body) => signInternalContext({ uid: 7, ip: '10.0.0.1' }, secret, { method: 'POST', path: '/media/graphql', body })],
    ['signed for another method', (body) => signInternalContext({ uid: 7, ip: '10.0.0.1' }, secret, { method: 'GET', path: '/graphql', body })],
    ['signed for a streamed body', () => signInternalContext({ uid: 7, ip: '10.0.0.1' }, secret, { method: 'POST', path: '/graphql', body: STREAMED_BODY })],
  ])('answers 401 and runs nothing when the context is %s', async (_case, sign) => {
    const before = ran;
    const response = await post('{ whoAmI }', sign);
    expect(response.status).toBe(401);
    expect(ran).toBe(before);
  });

  it('serves media routes under /media, for a signature made for that method and path only', async () => {
    const base = url.replace('/graphql', '');
    const signed = (path: string) => ({ [INTERNAL_CONTEXT_HEADER]: signInternalContext({ uid: 3, ip: '::1' }, secret, { method: 'GET', path, body: STREAMED_BODY }) });
    const answer = await fetch(`${base}/media/files/moon`, { headers: signed('/media/files/moon') });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ name: 'moon', uid: 3 });
    expect((await fetch(`${base}/media/files/moon`, { headers: signed('/media/files/sun') })).status).toBe(401);
    expect((await fetch(`${base}/media/files/moon`)).status).toBe(401);
    // Nothing a service adds sits beside /graphql.
    expect((await fetch(`${base}/files/moon`, { headers: signed('/files/moon') })).status).toBe(404);
  });

  it('keeps the message and extensions of a domain error', async () => {
    const body = (await (await post('{ failsWithConflict }', anonymous)).json()) as GraphQLResponseBody;
    expect(body.errors[0]).toMatchObject({ message: 'Username is already taken', extensions: { code: 'CONFLICT', field: 'username' } });
    expect(body.errors[0].extensions.stacktrace).toBeUndefined();
  });

  it('turns any other error into a generic internal error and logs the original', async () => {
    const body = (await (await post('{ crashes }', anonymous)).json()) as GraphQLResponseBody;
    expect(body.errors[0].extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    expect(JSON.stringify(body)).not.toContain('mongodb');
    expect(logs.lines.some((line) => line.includes('connection string') && line.includes('"level":50'))).toBe(true);
  });

  it('keeps query validation errors, which describe the caller and not the server', async () => {
    const body = (await (await post('{ noSuchField }', anonymous)).json()) as GraphQLResponseBody;
    expect(body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('lets a resolver set a response header', async () => {
    const response = await post('mutation { setCookie }', anonymous);
    expect(response.headers.get('x-nocturne-set-session')).toBe('clear');
  });

  it('answers health without a context and readiness from its checks', async () => {
    const base = url.replace('/graphql', '');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    ready = false;
    const notReady = await fetch(`${base}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ status: 'not ready', checks: { started: true, projections: false } });
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
