import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { Messages } from '@nocturne/contracts';
import { eventually } from '@nocturne/platform/testing';
import { cookieOf, hasRealInfrastructure, newPerson, realInfrastructure, StackProcess, type Answer } from '../support';

// The auth protections on the real servers: rate limits and known devices live in Redis, shared by every
// auth process. Run under the shared lock (flock /tmp/nocturne-real.lock), after npm run build.
const d = hasRealInfrastructure ? describe : describe.skip;

const ACCOUNT_LIMIT = 3;
const DEVICE_LIMIT = 4;
const EMAIL_PROBES = 5;
const TAKEN_ANSWERS_PER_CLIENT = 3;
// Counters outlive a run in Redis: each run speaks from addresses of its own.
const run = randomBytes(2);
const address = (host: number) => `10.${run[0]}.${run[1]}.${host}`;

d('auth protections on Kafka, MongoDB and Redis', () => {
  let stack: StackProcess | undefined;
  let redis: Redis | undefined;
  let outbox: string;

  /** A JSON POST with exactly these headers (no Origin, no cookie but the one given). */
  const call = async (route: string, body: object, headers: Record<string, string> = {}): Promise<Answer> => stack!.request().post(route).set(headers).timeout(15_000).send(body);

  async function signUp(person = newPerson()) {
    const answer = await call('/api/auth/signup', person, { 'x-forwarded-for': address(1) });
    expect(answer.status).toBe(201);
    return { person, device: cookieOf(answer, 'nocturne_device')! };
  }

  beforeAll(async () => {
    outbox = mkdtempSync(path.join(tmpdir(), 'nocturne-real-outbox-'));
    redis = new Redis(realInfrastructure.REDIS_URL, { lazyConnect: true });
    await redis.connect();
    stack = await StackProcess.start({
      env: {
        RATE_SIGN_IN_ACCOUNT_LIMIT: String(ACCOUNT_LIMIT),
        RATE_SIGN_IN_DEVICE_LIMIT: String(DEVICE_LIMIT),
        TRUST_PROXY: '1',
        RATE_SIGN_UP_TAKEN_EMAIL_LIMIT: String(TAKEN_ANSWERS_PER_CLIENT),
        MAIL_OUTBOX_DIR: outbox,
      },
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop(10_000);
    await redis?.quit();
    rmSync(outbox, { recursive: true, force: true });
  }, 30_000);

  it('lets no more than the limit of parallel wrong passwords through, counted in Redis', async () => {
    const { person } = await signUp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call('/api/auth/signin', { username: person.username, password: `wrong-guess-${i}` }, { 'x-forwarded-for': address(10 + i) })),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(ACCOUNT_LIMIT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12 - ACCOUNT_LIMIT);
  }, 60_000);

  it('lets the owner in from a known device while the account is locked for everyone else', async () => {
    const { person, device } = await signUp();
    for (let attempt = 0; attempt < ACCOUNT_LIMIT; attempt += 1) {
      expect((await call('/api/auth/signin', { username: person.username, password: 'wrong-guess' }, { 'x-forwarded-for': address(30 + attempt) })).status).toBe(401);
    }
    expect((await call('/api/auth/signin', { username: person.username, password: person.password }, { 'x-forwarded-for': address(40) })).status).toBe(429);
    const owner = await call('/api/auth/signin', { username: person.username, password: person.password }, { 'x-forwarded-for': address(41), cookie: device });
    expect(owner.status).toBe(200);
    expect(cookieOf(owner, 'nocturne_session')).toBeDefined();

    const parallel = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('/api/auth/signin', { username: person.username, password: `wrong-${i}-guess` }, { 'x-forwarded-for': address(42), cookie: cookieOf(owner, 'nocturne_device')! }),
      ),
    );
    expect(parallel.filter((a) => a.status === 401)).toHaveLength(DEVICE_LIMIT);
    expect(parallel.filter((a) => a.status === 429)).toHaveLength(8 - DEVICE_LIMIT);
  }, 60_000);

  it(`answers whether an address is registered ${EMAIL_PROBES} times at most, and Redis keys name no address or username`, async () => {
    const { person } = await signUp();
    for (let probe = 1; probe < EMAIL_PROBES; probe += 1) {
      const answer = await call('/api/auth/signup', { ...newPerson(), email: person.email }, { 'x-forwarded-for': address(50 + probe) });
      expect(answer).toMatchObject({ status: 409, body: { error: Messages.emailTaken, field: 'email' } });
    }
    const spent = await call('/api/auth/signup', { ...newPerson(), email: person.email }, { 'x-forwarded-for': address(60) });
    expect(spent).toMatchObject({ status: 429, body: { error: Messages.tooManyRequests } });

    await call('/api/auth/signin', { username: person.username, password: 'wrong-guess' }, { 'x-forwarded-for': address(61) });
    await call('/api/forgot-password', { email: person.email }, { 'x-forwarded-for': address(61) });
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis!.scan(cursor, 'MATCH', 'auth:*', 'COUNT', 1000);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).not.toContain(person.email.toLowerCase());
      expect(key).not.toContain(person.username.toLowerCase());
    }
  }, 60_000);

  it(`tells one client address that an email is registered ${TAKEN_ANSWERS_PER_CLIENT} times, then 429 alike, counted in Redis whatever X-Forwarded-For it forges`, async () => {
    const registered = [];
    for (let i = 0; i < TAKEN_ANSWERS_PER_CLIENT + 2; i += 1) registered.push((await signUp()).person);
    const probe = (forwardedFor: string, email: string) => call('/api/auth/signup', { ...newPerson(), email }, { 'x-forwarded-for': forwardedFor });
    for (const person of registered.slice(0, TAKEN_ANSWERS_PER_CLIENT)) {
      expect(await probe(address(80), person.email)).toMatchObject({ status: 409, body: { error: Messages.emailTaken, field: 'email' } });
    }
    const next = registered[TAKEN_ANSWERS_PER_CLIENT]!.email;
    expect(await probe(address(80), next)).toMatchObject({ status: 429, body: { error: Messages.tooManyRequests } });
    expect(await probe(address(80), newPerson().email)).toMatchObject({ status: 429, body: { error: Messages.tooManyRequests } });
    expect(await probe(`192.0.2.99, ${address(80)}`, next)).toMatchObject({ status: 429 });
    expect(await probe(address(81), registered[TAKEN_ANSWERS_PER_CLIENT + 1]!.email)).toMatchObject({ status: 409, body: { error: Messages.emailTaken } });
  }, 60_000);

  it('refuses a common password at sign-up', async () => {
    const common = await call('/api/auth/signup', { ...newPerson(), password: 'qwerty123' }, { 'x-forwarded-for': address(70) });
    expect(common).toMatchObject({ status: 400, body: { error: Messages.passwordTooCommon, field: 'password' } });
  });

  it('never logs a reset link, its token or the address', async () => {
    const { person } = await signUp();
    expect((await call('/api/forgot-password', { email: person.email }, { 'x-forwarded-for': address(71) })).status).toBe(200);
    const mail = await eventually(
      () => {
        const found = readdirSync(outbox)
          .filter((file) => file.endsWith('.json'))
          .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string; link: string })
          .find((sent) => sent.to === person.email);
        expect(found).toBeDefined();
        return found!;
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    const token = new URL(mail.link).searchParams.get('token')!;
    await eventually(() => expect(stack!.linesMatching(/"subject":"Reset your Nocturne password"/).length).toBeGreaterThan(0), { timeoutMs: 10_000, intervalMs: 200 });
    expect(stack!.linesMatching(new RegExp(token.replace(/[-_]/g, '.')))).toEqual([]);
    expect(stack!.linesMatching(/reset-password\?token=(?!\[Redacted\])/)).toEqual([]);
    expect(stack!.linesMatching(new RegExp(person.email.replace(/[.+]/g, '\\$&'), 'i'))).toEqual([]);
    // What the log says instead: where the mail is.
    expect(stack!.linesMatching(/"subject":"Reset your Nocturne password"/).join('\n')).toContain(`mail written to ${outbox}`);
  }, 60_000);
});
