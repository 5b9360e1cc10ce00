import { startInProcessStack, type InProcessStack } from '../support';

// A site whose public URL is https, behind one TLS-terminating proxy that talks plain HTTP to the
// gateway: cookies still carry the __Host- prefix and Secure, and only prefixed cookies are read.

const PUBLIC_URL = 'https://nocturne.example';
let stack: InProcessStack;

beforeAll(async () => {
  stack = await startInProcessStack('https-site', { publicUrl: PUBLIC_URL, trustProxy: 1 });
});

afterAll(() => stack?.stop());

const api = () => stack.request();

it('sets the session cookie as __Host- and Secure although the last hop was plain HTTP, and reads only that name', async () => {
  const tag = Date.now().toString(36).slice(-6);
  const signUp = await api()
    .post('/api/auth/signup')
    .set('Origin', PUBLIC_URL)
    .send({ username: `tls${tag}`, email: `tls.${tag}@example.test`, password: 'moonlight42', name: 'Luna Night', age: 27 });
  expect(signUp.status).toBe(201);
  const setCookie = (signUp.headers['set-cookie'] as unknown as string[])[0]!;
  expect(setCookie).toMatch(/^__Host-nocturne_session=[A-Za-z0-9_-]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  const id = setCookie.split(';')[0]!.split('=')[1]!;

  expect((await api().get('/api/auth/user').set('Cookie', `__Host-nocturne_session=${id}`)).status).toBe(200);
  // The same id under the plain name may have been planted by a subdomain or over plain HTTP.
  expect((await api().get('/api/auth/user').set('Cookie', `nocturne_session=${id}`)).status).toBe(401);
  expect((await api().get('/api/photos/0123456789abcdef0123456789abcdef/thumb').set('Cookie', `nocturne_session=${id}`)).status).toBe(401);
});

it('announces HSTS on an https site', async () => {
  const res = await api().get('/');
  expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
});
