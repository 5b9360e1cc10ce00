import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { INTERNAL_CONTEXT_HEADER, signGraphqlRequest, signInternalContext } from '@nocturne/platform/http';
import { newPerson, startInProcessStack, type InProcessStack } from '../support';

const SIGN_IN_FAILURES_ALLOWED = 3;
let stack: InProcessStack;
const outboxOf = (dataDir: string) => path.join(dataDir, 'outbox');

beforeAll(async () => {
  stack = await startInProcessStack('stack', {
    env: (dataDir) => ({ MAIL_OUTBOX_DIR: outboxOf(dataDir), RATE_SIGN_IN_ACCOUNT_LIMIT: String(SIGN_IN_FAILURES_ALLOWED) }),
  });
});

afterAll(() => stack?.stop());

const setCookieOf = (res: request.Response): string | undefined => (res.headers['set-cookie'] as unknown as string[] | undefined)?.[0];
const sessionOf = (res: request.Response) => setCookieOf(res)?.split(';')[0];
const api = () => stack.request();
const signUp = () => stack.signUp();

describe('sign-up', () => {
  it('creates the account, answers the user and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const person = newPerson();
    const res = await api().post('/api/auth/signup').send({ ...person, age: '31' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      user: { id: expect.any(Number), username: person.username, email: person.email, name: person.name, age: 31, createdAt: expect.any(String) },
    });
    const cookie = setCookieOf(res)!;
    expect(cookie).toMatch(/^nocturne_session=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(res.headers['x-nocturne-set-session']).toBeUndefined();

    const me = await api().get('/api/auth/user').set('Cookie', sessionOf(res)!);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject(res.body.user);
  });

  it.each([
    ['username', { username: 'ab' }, 'Username must be 3 to 20 characters'],
    ['email', { email: 'not-an-address' }, 'Please enter a valid email address'],
    ['password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['name', { name: 'L' }, 'Name must be 2 to 50 characters'],
    ['age', { age: 17 }, 'Age must be a whole number from 18 to 99'],
    ['age', { age: '27.5' }, 'Age must be a whole number from 18 to 99'],
  ])('refuses a bad %s with 400 naming the field', async (field, change, message) => {
    const res = await api().post('/api/auth/signup').send({ ...newPerson(), ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, field });
  });

  it('refuses a taken username or email with 409 naming which', async () => {
    const { person } = await signUp();
    const sameName = await api().post('/api/auth/signup').send({ ...newPerson(), username: person.username.toUpperCase() });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ error: 'Username is already taken', field: 'username' });
    const sameEmail = await api().post('/api/auth/signup').send({ ...newPerson(), email: person.email });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual({ error: 'Email is already registered', field: 'email' });
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with a new session id each time', async () => {
    const { person, cookie: first } = await signUp();
    const second = await api().post('/api/auth/signin').send({ username: person.username, password: person.password });
    expect(second.status).toBe(200);
    expect(second.body.user.username).toBe(person.username);
    const third = await api().post('/api/auth/signin').send({ username: person.username, password: person.password });
    expect(new Set([first, sessionOf(second), sessionOf(third)]).size).toBe(3);
    expect(setCookieOf(third)).toContain('HttpOnly; SameSite=Lax');
  });

  it('asks for missing fields', async () => {
    const noName = await api().post('/api/auth/signin').send({ password: 'x' });
    expect(noName.status).toBe(400);
    expect(noName.body).toEqual({ error: 'Username is required', field: 'username' });
    const noPassword = await api().post('/api/auth/signin').send({ username: 'someone' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toEqual({ error: 'Password is required', field: 'password' });
  });

  it('answers 401 alike for a wrong password and an unknown user', async () => {
    const { person } = await signUp();
    const wrong = await api().post('/api/auth/signin').send({ username: person.username, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid username or password' });
    const unknown = await api().post('/api/auth/signin').send({ username: 'nobody-at-all', password: 'whatever1' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error: 'Invalid username or password' });
  });

  it('rate limits repeated failures with 429 and Retry-After', async () => {
    const { person } = await signUp();
    for (let attempt = 0; attempt < SIGN_IN_FAILURES_ALLOWED; attempt += 1) {
      await api().post('/api/auth/signin').send({ username: person.username, password: 'wrong-password' }).expect(401);
    }
    const limited = await api().post('/api/auth/signin').send({ username: person.username, password: 'wrong-password' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toEqual({ error: 'Too many attempts. Please try again later.' });
  });

  it('answers 401 to the current-user call when signed out', async () => {
    const res = await api().get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Not signed in' });
  });

  it('signs out: clears the cookie and ends the session on the server', async () => {
    const { session: cookie } = await signUp();
    const out = await api().post('/api/auth/signout').set('Cookie', cookie).set('Content-Type', 'application/json').send('{}');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    expect(setCookieOf(out)).toMatch(/^nocturne_session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
    await api().get('/api/auth/user').set('Cookie', cookie).expect(401);
  });
});

describe('password reset', () => {
  const mailsTo = (address: string) => {
    const outbox = outboxOf(stack.dataDir);
    try {
      return readdirSync(outbox)
        .filter((file) => file.endsWith('.json'))
        .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string; text: string })
        .filter((mail) => mail.to.includes(address));
    } catch {
      return [];
    }
  };

  it('always answers the same for a valid address, and refuses an invalid one', async () => {
    const res = await api().post('/api/forgot-password').send({ email: 'nobody@example.test' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Check your email for password reset instructions' });
    const invalid = await api().post('/api/forgot-password').send({ email: 'nope' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ error: 'Please enter a valid email address', field: 'email' });
  });

  it('sets a new password with the mailed token, once', async () => {
    const { person } = await signUp();
    await api().post('/api/forgot-password').send({ email: person.email }).expect(200);
    let mail: { text: string } | undefined;
    for (let wait = 0; wait < 50 && !mail; wait += 1) {
      mail = mailsTo(person.email).at(-1);
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(mail!.text)![1]!);
    const reset = await api().post('/api/reset-password').send({ token, password: 'new-moonlight' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ ok: true });
    await api().post('/api/auth/signin').send({ username: person.username, password: 'new-moonlight' }).expect(200);
    const again = await api().post('/api/reset-password').send({ token, password: 'another-one' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'This reset link is invalid or has expired', field: 'token' });
  });

  it('refuses a short new password naming the field', async () => {
    const res = await api().post('/api/reset-password').send({ token: 'some-token', password: '123' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Password must be at least 6 characters', field: 'password' });
  });
});

describe('protection of the REST facade', () => {
  it('requires a JSON content type on state-changing calls', async () => {
    const res = await api().post('/api/auth/signin').set('Content-Type', 'application/x-www-form-urlencoded').send('username=a&password=b');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'Content-Type must be application/json' });
    // An empty form still labels its body: refused like any other.
    await api().post('/api/auth/signout').set('Content-Type', 'application/x-www-form-urlencoded').send('').expect(415);
  });

  it('accepts a state-changing call without a body and without a Content-Type (sign-out, account deletion)', async () => {
    await api().post('/api/auth/signout').expect(200, { ok: true });
    const person = { username: `bodiless${Date.now().toString(36).slice(-6)}`, email: `bodiless.${Date.now()}@example.test`, password: 'moonlight42', name: 'No Body', age: 30 };
    const signUp = await api().post('/api/auth/signup').send(person);
    const cookie = (signUp.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    const deleted = await api().delete('/api/account').set('Cookie', cookie).set('Origin', stack.url);
    expect(deleted.status).toBe(200);
    expect((await api().get('/api/auth/user').set('Cookie', cookie)).status).toBe(401);
  });

  it('refuses a call a browser marks as cross-site, whatever the Origin', async () => {
    const res = await api().post('/api/auth/signout').set('Sec-Fetch-Site', 'cross-site').set('Content-Type', 'application/json').send({});
    expect(res.status).toBe(403);
  });

  it('refuses a foreign Origin and accepts its own', async () => {
    const foreign = await api().post('/api/auth/signin').set('Origin', 'https://evil.example').send({ username: 'a', password: 'b' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ error: 'Cross-origin request refused' });
    await api().post('/api/auth/signin').set('Origin', stack.url.replace('localhost', '127.0.0.1')).send({ username: 'nobody-here', password: 'whatever1' }).expect(401);
  });

  it('answers malformed JSON, bodies that are not objects and oversized bodies with the error shape', async () => {
    const malformed = await api().post('/api/auth/signin').set('Content-Type', 'application/json').send('{"username": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'Malformed JSON body' });
    const array = await api().post('/api/auth/signin').send([1, 2]);
    expect(array.status).toBe(400);
    expect(array.body).toEqual({ error: 'Request body must be a JSON object' });
    const huge = await api().post('/api/auth/signin').send({ username: 'x'.repeat(100_000), password: 'y' });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: 'Request body too large' });
  });

  it('survives odd input types', async () => {
    for (const body of [{ username: 42, password: {} }, { username: null }, { age: { $gt: 1 } }, {}]) {
      const res = await api().post('/api/auth/signup').send(body);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    await api().get('/healthz').expect(200);
  });

  it('answers 404 for an unknown /api route and 405 for a wrong method', async () => {
    const unknown = await api().get('/api/no/such/route');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Not found' });
    const wrongMethod = await api().get('/api/auth/signin');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST');
  });
});

describe('internal context', () => {
  it('ignores a context header forged by a client', async () => {
    const { id } = await signUp();
    const forged = signInternalContext({ uid: id, ip: '198.51.100.1' }, 'guessed-secret-guessed-secret', { method: 'GET', path: '/api/auth/user', body: '' });
    const me = await api().get('/api/auth/user').set(INTERNAL_CONTEXT_HEADER, forged);
    expect(me.status).toBe(401);
    const graphql = await api().post('/graphql').set(INTERNAL_CONTEXT_HEADER, forged).send({ query: '{ me { id } }' });
    expect(graphql.body).toEqual({ data: { me: null } });
  });

  it('has subgraphs refuse a direct call without a valid signature', async () => {
    const authUrl = stack.subgraphUrls.auth!;
    const unsigned = await request(authUrl).post('').send({ query: '{ me { id } }' });
    expect(unsigned.status).toBe(401);
    const body = JSON.stringify({ query: '{ me { id } }' });
    const post = (header: string) => request(authUrl).post('').type('json').set(INTERNAL_CONTEXT_HEADER, header).send(body);
    expect((await post(signGraphqlRequest({ uid: 1, ip: '1.1.1.1' }, 'not-the-secret-at-all', body))).status).toBe(401);
    // A signature made for another request (another body) does not open this one.
    expect((await post(signGraphqlRequest({ ip: '1.1.1.1' }, stack.internalSecret, JSON.stringify({ query: '{ __typename }' })))).status).toBe(401);
    expect((await post(signGraphqlRequest({ ip: '1.1.1.1' }, stack.internalSecret, body))).status).toBe(200);
  });
});

describe('GraphQL endpoint', () => {
  it('refuses operations with too many aliases', async () => {
    const aliases = (count: number) => Array.from({ length: count }, (_, i) => `u${i}: me { id }`).join(' ');
    await api().post('/graphql').send({ query: `{ ${aliases(15)} }` }).expect(200);
    const tooMany = await api().post('/graphql').send({ query: `{ ${aliases(16)} }` });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].message).toBe('The operation uses 16 aliases; the limit is 15.');
  });

  it('refuses aliased introspection fields past the alias limit', async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `s${i}: __schema { queryType { name } }`).join(' ');
    const res = await api().post('/graphql').send({ query: `{ ${aliases} }` });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { message: string }) => error.message)).toContain('The operation uses 16 aliases; the limit is 15.');
  });

  it('answers no introspection and no suggestions to a plain start (no NODE_ENV)', async () => {
    const introspection = await api().post('/graphql').send({ query: '{ __schema { types { name } } }' });
    expect(introspection.status).toBe(400);
    expect(JSON.stringify(introspection.body)).toContain('introspection');
    expect(introspection.body.data).toBeUndefined();
    const typo = await api().post('/graphql').send({ query: '{ mee { id } }' });
    expect(JSON.stringify(typo.body)).not.toContain('Did you mean');
    expect(JSON.stringify(typo.body)).not.toContain('stacktrace');
  });

  it('refuses a GET without a preflight-forcing header (CSRF prevention)', async () => {
    const res = await api().get('/graphql').query({ query: '{ me { id } }' });
    expect(res.status).toBe(400);
    await api().get('/graphql').query({ query: '{ me { id } }' }).set('apollo-require-preflight', 'true').expect(200);
  });
});

describe('media routes of the profile service', () => {
  // A 1x1 transparent PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

  it('serves generated placeholders', async () => {
    const res = await api().get('/api/placeholder/40/30');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });

  it('keeps photos and avatars for signed-in people', async () => {
    const res = await api().get('/api/avatars/1');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Not signed in' });
  });

  it('takes uploads only with this site as Origin', async () => {
    const { session: cookie } = await signUp();
    const withoutOrigin = await api().post('/api/photos').set('Cookie', cookie).attach('photos', png, { filename: 'dot.png', contentType: 'image/png' });
    expect(withoutOrigin.status).toBe(403);
    let upload: request.Response | undefined;
    // The profile is created from the sign-up event, a moment after the sign-up answer.
    for (let attempt = 0; attempt < 30; attempt += 1) {
      upload = await api().post('/api/photos').set('Cookie', cookie).set('Origin', stack.url).attach('photos', png, { filename: 'dot.png', contentType: 'image/png' });
      if (upload.status !== 404) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(upload!.status).toBe(201);
    const photo = await api().get(upload!.body.added[0].thumbnailUrl).set('Cookie', cookie);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
  });
});

describe('pages and documents', () => {
  it('serves index.html with status 200 for any client route', async () => {
    const res = await api().get('/some/client/route');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('serves the OpenAPI document of every route', async () => {
    const res = await api().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/signup', '/api/auth/signin', '/api/auth/user', '/api/auth/signout', '/api/forgot-password', '/api/reset-password', '/api/openapi.json']),
    );
  });

  it('is ready once every subgraph answers', async () => {
    await api().get('/readyz').expect(200);
  });
});
