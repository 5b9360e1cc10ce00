import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { INTERNAL_CONTEXT_HEADER, signGraphqlRequest } from '@nocturne/platform/http';
import { eventually, repoRoot } from '@nocturne/platform/testing';
import { hasRealInfrastructure, newPerson, realInfrastructure, StackProcess } from '../support';

// The gateway's and the subgraphs' protections on the real servers, one process per service, as an
// attacker with curl meets them: media paths that try to reach GraphQL, forged X-Forwarded-For behind one
// trusted proxy, cookies of an https site, signed internal calls, the media headers and avatars of people
// who do not exist, and what a plain start answers to introspection. The embedded stack's suites check the
// same on one process (mediaProxy, httpsSite, embeddedStack, productionMail). Run under the shared lock
// (flock /tmp/nocturne-real.lock), after npm run build.
const d = hasRealInfrastructure ? describe : describe.skip;

const PUBLIC_URL = 'https://nocturne.example';
const SESSION = '__Host-nocturne_session';
const SIGN_UPS_PER_ADDRESS = 2;
const internalSecret = randomBytes(32).toString('base64url');
// Sign-up counters outlive a run in Redis: each run's proxy reports addresses of its own.
const run = randomBytes(2);
const address = (host: number) => `10.${run[0]}.${run[1]}.${host}`;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One request with the path sent exactly as written: fetch (WHATWG URLs) would resolve `..` and `%2e%2e`
 * before sending, as browsers do; an attacker's client does not.
 */
function rawRequest(port: number, method: string, rawPath: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: rawPath, headers: { ...headers, ...(body !== undefined && { 'content-length': String(Buffer.byteLength(body)) }) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${rawPath}: no answer in 60 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

const sessionOf = (answer: Answer) =>
  ([answer.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith(`${SESSION}=`)) ?? '').split(';')[0] || undefined;

d('gateway and subgraph protections on Kafka, MongoDB and Redis', () => {
  let stack: StackProcess | undefined;
  const gatewayPort = () => Number(new URL(stack!.url).port);
  const json = (method: string, route: string, body: unknown, headers: Record<string, string> = {}) =>
    rawRequest(gatewayPort(), method, route, { 'content-type': 'application/json', origin: PUBLIC_URL, 'x-forwarded-for': address(1), ...headers }, JSON.stringify(body));

  /** Signs up through the trusted proxy's address `host`; answers the session cookie and the id. */
  async function signUp(host: number, forged = '203.0.113.9') {
    const answer = await json('POST', '/api/auth/signup', newPerson(), { 'x-forwarded-for': `${forged}, ${address(host)}` });
    return { answer, cookie: sessionOf(answer), id: answer.status === 201 ? (JSON.parse(answer.text).user.id as number) : undefined };
  }

  beforeAll(async () => {
    stack = await StackProcess.start({
      env: { PUBLIC_URL, TRUST_PROXY: '1', INTERNAL_SECRET: internalSecret, RATE_SIGN_UP_ADDRESS_LIMIT: String(SIGN_UPS_PER_ADDRESS), LOG_LEVEL: 'warn' },
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop(15_000);
  }, 30_000);

  jest.setTimeout(120_000);

  it('counts sign-ups by the address the trusted proxy saw, whatever a client forged before it, and sets __Host- Secure cookies', async () => {
    const first = await signUp(20, '198.51.100.1');
    expect(first.answer.status).toBe(201);
    expect([first.answer.headers['set-cookie']].flat()[0]).toMatch(/^__Host-nocturne_session=[A-Za-z0-9_-]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect((await signUp(20, '198.51.100.2')).answer.status).toBe(201);
    const third = await signUp(20, '198.51.100.3');
    expect(third.answer.status).toBe(429);
    expect(Number(third.answer.headers['retry-after'])).toBeGreaterThan(0);
    // Another address behind the same proxy is counted on its own.
    expect((await signUp(21, '198.51.100.3')).answer.status).toBe(201);
    // The same id under the plain name may have been planted over plain HTTP: not read.
    const id = first.cookie!.split('=')[1]!;
    expect((await rawRequest(gatewayPort(), 'GET', '/api/auth/user', { cookie: `${SESSION}=${id}` })).status).toBe(200);
    expect((await rawRequest(gatewayPort(), 'GET', '/api/auth/user', { cookie: `nocturne_session=${id}` })).status).toBe(401);
  });

  describe('with a member whose profile holds a secret', () => {
    let victim: { id: number; cookie: string };
    beforeAll(async () => {
      const { answer, cookie, id } = await signUp(30);
      expect(answer.status).toBe(201);
      victim = { id: id!, cookie: cookie! };
      // Onboarding waits for the profile service to have heard of the account (Kafka).
      await eventually(
        async () => expect((await json('PATCH', `/api/user/${victim.id}`, { gender: 'Female', kinks: ['Rope Play'], interests: ['Art'], bio: 'A secret only members may read.' }, { cookie: victim.cookie })).status).toBe(200),
        { timeoutMs: 60_000, intervalMs: 200 },
      );
    }, 120_000);

    const probe = (id: number) => JSON.stringify({ query: `{ _entities(representations: [{ __typename: "User", id: ${id} }]) { ... on User { bio kinks } } _service { sdl } }` });

    it.each(['/api/photos/%2e%2e/graphql', '/api/placeholder/%2E%2E/graphql', '/api/avatars/%2e%2e/graphql', '/api/photos/..%2fgraphql', '/api/avatars/1/..%2f..%2fgraphql', '/api/photos/%2e%2e%5cgraphql', '/api/photos/../graphql', '/api/photos//graphql'])(
      'never reaches a GraphQL endpoint through %s',
      async (target) => {
        const post = await rawRequest(gatewayPort(), 'POST', target, { 'content-type': 'application/json', origin: PUBLIC_URL }, probe(victim.id));
        expect([404, 405]).toContain(post.status);
        expect(post.text).not.toContain('secret only members');
        expect(post.text).not.toContain('_service');
      },
    );

    it('has subgraphs answer only calls signed for that very request and fresh: forged, stale, or replayed with another body, nothing runs', async () => {
      const body = probe(victim.id);
      const call = (header?: string) => rawRequest(stack!.ports.profile!, 'POST', '/graphql', { 'content-type': 'application/json', ...(header && { [INTERNAL_CONTEXT_HEADER]: header }) }, body);
      const caller = { uid: victim.id, ip: '127.0.0.1' };
      const valid = await call(signGraphqlRequest(caller, internalSecret, body));
      expect(valid.status).toBe(200);
      expect(valid.text).toContain('secret only members');
      for (const header of [
        undefined,
        signGraphqlRequest(caller, randomBytes(32).toString('base64url'), body),
        signGraphqlRequest(caller, internalSecret, body, Date.now() - 16_000),
        signGraphqlRequest(caller, internalSecret, JSON.stringify({ query: '{ __typename }' })),
      ]) {
        const refused = await call(header);
        expect(refused.status).toBe(401);
        expect(refused.text).not.toContain('secret only members');
      }
    });

    it("keeps the profile service's security headers on images, and answers 404 for the avatar of someone who does not exist or left", async () => {
      const placeholder = await rawRequest(gatewayPort(), 'GET', '/api/placeholder/40/30');
      expect(placeholder.status).toBe(200);
      expect(placeholder.headers['content-security-policy']).toContain('sandbox');
      expect(placeholder.headers['cross-origin-resource-policy']).toBe('same-site');
      expect(placeholder.headers['x-content-type-options']).toBe('nosniff');

      const as = { cookie: victim.cookie };
      expect((await rawRequest(gatewayPort(), 'GET', `/api/avatars/${victim.id}`, as)).status).toBe(200);
      expect((await rawRequest(gatewayPort(), 'GET', `/api/avatars/${victim.id + 1_000_000}`, as)).status).toBe(404);
      const leaving = await signUp(31);
      // Others see the avatar of an onboarded member only; the answer of onboarding means it is usable at once.
      expect((await json('PATCH', `/api/user/${leaving.id}`, { gender: 'Male', kinks: ['Praise'], interests: ['Art'] }, { cookie: leaving.cookie! })).status).toBe(200);
      expect((await rawRequest(gatewayPort(), 'GET', `/api/avatars/${leaving.id}`, as)).status).toBe(200);
      expect((await json('DELETE', '/api/account', {}, { cookie: leaving.cookie! })).status).toBe(200);
      await eventually(async () => expect((await rawRequest(gatewayPort(), 'GET', `/api/avatars/${leaving.id}`, as)).status).toBe(404), { timeoutMs: 60_000, intervalMs: 200 });
    });
  });

  it('answers no introspection, no suggestions and counts aliased introspection fields on a plain start', async () => {
    const graphql = (query: string) => json('POST', '/graphql', { query });
    const introspection = await graphql('{ __schema { types { name } } }');
    expect(introspection.status).toBe(400);
    expect(introspection.text).toContain('introspection');
    expect(JSON.parse(introspection.text).data).toBeUndefined();
    expect((await graphql('{ mee { id } }')).text).not.toMatch(/Did you mean|stacktrace/);
    const aliases = Array.from({ length: 16 }, (_, i) => `s${i}: __schema { queryType { name } }`).join(' ');
    const aliased = await graphql(`{ ${aliases} }`);
    expect(aliased.status).toBe(400);
    expect(aliased.text).toContain('The operation uses 16 aliases; the limit is 15.');
  });

  it('a service process in production refuses to start with the published internal secret, on the real servers too', async () => {
    const main = path.join(repoRoot, 'services', 'auth', 'dist', 'main.js');
    const child = spawn(process.execPath, [main], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...realInfrastructure, NODE_ENV: 'production', INTERNAL_SECRET: 'dev-only-internal-secret-change-me', AUTH_PORT: '0', MAIL_OUTBOX_DIR: 'outbox', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(killer);
    expect(code).toBe(78);
    expect(output).toMatch(/INTERNAL_SECRET: is a published development default/);
    expect(output).not.toContain('dev-only-internal-secret-change-me');
  });
});
