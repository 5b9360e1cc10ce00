import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import { Messages } from '@nocturne/contracts';
import { createLogger } from '@nocturne/platform/logging';
import { eventually } from '@nocturne/platform/testing';
import { newPerson, startInProcessStack, type InProcessStack } from '../support';

// The auth protections as a client with curl sees them, through the gateway of the embedded stack: sign-in
// limits under parallel requests, the device cookie that keeps the owner in, how often sign-up tells whether
// an address is registered, common passwords, and what the log says about reset mails.
const ACCOUNT_LIMIT = 3;
const DEVICE_LIMIT = 4;
const EMAIL_PROBES = 5;
const TAKEN_ANSWERS_PER_CLIENT = 3;

let stack: InProcessStack;
const logLines: string[] = [];

beforeAll(async () => {
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  stack = await startInProcessStack('auth-protection', {
    // One proxy in front: the client address is the last X-Forwarded-For entry, so tests can be many clients.
    trustProxy: 1,
    logger: createLogger('stack', { env: { LOG_LEVEL: 'info' }, destination }),
    // No SMTP_URL and no MAIL_OUTBOX_DIR: the local demo's mail set-up.
    env: {
      RATE_SIGN_IN_ACCOUNT_LIMIT: String(ACCOUNT_LIMIT),
      RATE_SIGN_IN_DEVICE_LIMIT: String(DEVICE_LIMIT),
      RATE_SIGN_UP_ADDRESS_LIMIT: '1000',
      RATE_SIGN_UP_TAKEN_EMAIL_LIMIT: String(TAKEN_ANSWERS_PER_CLIENT),
    },
  });
});

afterAll(() => stack?.stop());

const newWard = () => newPerson({ prefix: 'ward' });
const api = () => stack.request();
const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const setCookies = (res: request.Response) => (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
const cookieNamed = (res: request.Response, name: string) => setCookies(res).find((line) => line.startsWith(`${name}=`));
const pairOf = (line: string | undefined) => line?.split(';')[0];

async function signUp(person = newWard()) {
  const res = await api().post('/api/auth/signup').set(from('192.0.2.1')).send(person);
  expect(res.status).toBe(201);
  return { person, device: pairOf(cookieNamed(res, 'nocturne_device'))!, session: pairOf(cookieNamed(res, 'nocturne_session'))! };
}

describe('sign-in limits', () => {
  it('answers 429 to every parallel wrong password past the limit: no more than the limit reach verification', async () => {
    const { person } = await signUp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api().post('/api/auth/signin').set(from(`198.51.100.${i + 1}`)).send({ username: person.username, password: `wrong-guess-${i}` })),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(ACCOUNT_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - ACCOUNT_LIMIT);
    const limited = answers.find((res) => res.status === 429)!;
    expect(limited.body).toEqual({ error: Messages.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('device cookie against targeted lockout', () => {
  it('is set at sign-up and sign-in: random, HttpOnly, SameSite=Strict, long-lived, next to the session cookie', async () => {
    const person = newWard();
    const res = await api().post('/api/auth/signup').set(from('192.0.2.2')).send(person);
    expect(setCookies(res)[0]).toMatch(/^nocturne_session=/);
    expect(cookieNamed(res, 'nocturne_device')).toMatch(/^nocturne_device=[A-Za-z0-9_-]{43}; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Strict$/);
    const signIn = await api().post('/api/auth/signin').set(from('192.0.2.2')).send({ username: person.username, password: person.password });
    expect(signIn.status).toBe(200);
    expect(pairOf(cookieNamed(signIn, 'nocturne_device'))).not.toBe(pairOf(cookieNamed(res, 'nocturne_device')));
    const wrong = await api().post('/api/auth/signin').set(from('192.0.2.2')).send({ username: person.username, password: 'wrong-guess' });
    expect(wrong.status).toBe(401);
    expect(setCookies(wrong)).toEqual([]);
  });

  it('lets the owner in with the right password from a device that signed in before, while strangers are locked out', async () => {
    const { person, device } = await signUp();
    for (let attempt = 0; attempt < ACCOUNT_LIMIT; attempt += 1) {
      await api().post('/api/auth/signin').set(from(`203.0.113.${attempt + 1}`)).send({ username: person.username, password: 'wrong-guess' }).expect(401);
    }
    const stranger = await api().post('/api/auth/signin').set(from('203.0.113.50')).send({ username: person.username, password: person.password });
    expect(stranger.status).toBe(429);

    const owner = await api().post('/api/auth/signin').set(from('203.0.113.60')).set('Cookie', device).send({ username: person.username, password: person.password });
    expect(owner.status).toBe(200);
    expect(owner.body.user.username).toBe(person.username);
    expect(cookieNamed(owner, 'nocturne_session')).toBeDefined();
    await api().get('/api/auth/user').set('Cookie', pairOf(cookieNamed(owner, 'nocturne_session'))!).expect(200);
  });

  it("counts a known device's failures on its own, and a forged or foreign device cookie is a stranger", async () => {
    const { person, device } = await signUp();
    const other = await signUp();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api().post('/api/auth/signin').set(from('203.0.113.70')).set('Cookie', device).send({ username: person.username, password: `wrong-${i}-guess` })),
    );
    expect(answers.filter((res) => res.status === 401)).toHaveLength(DEVICE_LIMIT);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(8 - DEVICE_LIMIT);
    await api().post('/api/auth/signin').set('Cookie', device).send({ username: person.username, password: person.password }).expect(429);

    for (let attempt = 0; attempt < ACCOUNT_LIMIT; attempt += 1) {
      await api().post('/api/auth/signin').set(from('203.0.113.80')).send({ username: person.username, password: 'wrong-guess' }).expect(401);
    }
    for (const cookie of [other.device, `nocturne_device=${'f'.repeat(43)}`]) {
      await api().post('/api/auth/signin').set(from('203.0.113.81')).set('Cookie', cookie).send({ username: person.username, password: person.password }).expect(429);
    }
  });
});

describe('sign-up and registered addresses', () => {
  it(`tells whether an address is registered ${EMAIL_PROBES} times a day at most, then answers 429 whatever the client`, async () => {
    const { person } = await signUp();
    for (let probe = 1; probe < EMAIL_PROBES; probe += 1) {
      const res = await api().post('/api/auth/signup').set(from(`192.0.2.${100 + probe}`)).send({ ...newWard(), email: person.email });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: Messages.emailTaken, field: 'email' });
    }
    for (const ip of ['192.0.2.200', '192.0.2.201']) {
      const res = await api().post('/api/auth/signup').set(from(ip)).send({ ...newWard(), email: person.email.toUpperCase() });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ error: Messages.tooManyRequests });
    }
    // A taken username is still reported as such.
    const sameName = await api().post('/api/auth/signup').set(from('192.0.2.202')).send({ ...newWard(), username: person.username });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ error: Messages.usernameTaken, field: 'username' });
  });
});

describe('sign-up and one client asking about many addresses', () => {
  const registeredPeople = async (count: number) => {
    const people = [];
    for (let i = 0; i < count; i += 1) people.push((await signUp()).person);
    return people;
  };
  const signUpFrom = (forwardedFor: string, email: string) => api().post('/api/auth/signup').set('X-Forwarded-For', forwardedFor).send({ ...newWard(), email });

  it(`tells one client address that an email is registered ${TAKEN_ANSWERS_PER_CLIENT} times a day, then refuses its every sign-up alike, forged X-Forwarded-For or not`, async () => {
    const registered = await registeredPeople(TAKEN_ANSWERS_PER_CLIENT + 2);
    const prober = '198.51.100.200';
    for (const person of registered.slice(0, TAKEN_ANSWERS_PER_CLIENT)) {
      const res = await signUpFrom(prober, person.email);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: Messages.emailTaken, field: 'email' });
    }
    const spent = await signUpFrom(prober, registered[TAKEN_ANSWERS_PER_CLIENT]!.email);
    expect(spent.status).toBe(429);
    expect(spent.body).toEqual({ error: Messages.tooManyRequests });
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // A free address gets the same refusal, so the 429 tells nothing either, and no account is made.
    const free = newWard();
    const refusedFree = await signUpFrom(prober, free.email);
    expect(refusedFree.status).toBe(429);
    expect(refusedFree.body).toEqual({ error: Messages.tooManyRequests });
    // With one proxy trusted, the client's own X-Forwarded-For entries are not its address: the proxy's last one is.
    const forged = await signUpFrom(`203.0.113.77, ${prober}`, registered[TAKEN_ANSWERS_PER_CLIENT]!.email);
    expect(forged.status).toBe(429);

    // Another client address still gets its answers, and the free address is still free.
    const other = await signUpFrom('198.51.100.201', registered[TAKEN_ANSWERS_PER_CLIENT + 1]!.email);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ error: Messages.emailTaken, field: 'email' });
    await api().post('/api/auth/signup').set(from('198.51.100.201')).send(free).expect(201);
  });

  it('answers no more parallel probes from one client address than its allowance', async () => {
    const registered = await registeredPeople(TAKEN_ANSWERS_PER_CLIENT + 5);
    const statuses = (await Promise.all(registered.map((person) => signUpFrom('198.51.100.210', person.email)))).map((res) => res.status);
    expect(statuses.filter((status) => status === 409)).toHaveLength(TAKEN_ANSWERS_PER_CLIENT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(registered.length - TAKEN_ANSWERS_PER_CLIENT);
  });
});

describe('common passwords', () => {
  it('refuses one of the most common breached passwords at sign-up, naming the field, and creates nothing', async () => {
    const person = { ...newWard(), password: 'Sunshine' };
    const res = await api().post('/api/auth/signup').set(from('192.0.2.3')).send(person);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: Messages.passwordTooCommon, field: 'password' });
    expect(setCookies(res)).toEqual([]);
    await api().post('/api/auth/signup').set(from('192.0.2.3')).send({ ...person, password: 'moon-over-the-sea' }).expect(201);
  });
});

describe('reset mails without SMTP', () => {
  const outbox = () => path.join(stack.dataDir, 'auth', 'outbox');
  const mailTo = (address: string) =>
    readdirSync(outbox())
      .filter((file) => file.endsWith('.json'))
      .map((file) => ({ file: path.join(outbox(), file), ...(JSON.parse(readFileSync(path.join(outbox(), file), 'utf8')) as { to: string; link: string }) }))
      .find((mail) => mail.to === address);

  it('writes the mail to the outbox under the data folder and logs where, never the link, the token or the address', async () => {
    const { person } = await signUp();
    await api().post('/api/forgot-password').set(from('192.0.2.4')).send({ email: person.email }).expect(200);
    const mail = await eventually(() => {
      const found = mailTo(person.email);
      expect(found).toBeDefined();
      return found!;
    });
    const token = new URL(mail.link).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);

    await eventually(() => expect(logLines.some((line) => line.includes(mail.file))).toBe(true));
    const log = logLines.join('\n');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
    expect(log).not.toContain(person.email);

    // A common password is refused by the reset too, and the link stays usable.
    const common = await api().post('/api/reset-password').send({ token, password: 'iloveyou' });
    expect(common.status).toBe(400);
    expect(common.body).toEqual({ error: Messages.passwordTooCommon, field: 'password' });
    await api().post('/api/reset-password').send({ token, password: 'a-better-night-9' }).expect(200);
  });
});
