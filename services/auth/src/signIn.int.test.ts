import { Messages } from '@nocturne/contracts';
import { INTERNAL_CONTEXT_HEADER, signGraphqlRequest } from '@nocturne/platform/http';
import { AuthHarness, ME, newAccount, SIGN_IN, SIGN_OUT, SIGN_UP, TEST_SECRET } from './testing/authHarness';

describe('sign-in, me and sign-out over the auth subgraph', () => {
  let auth: AuthHarness;
  const account = newAccount();
  let userId: number;

  beforeAll(async () => {
    auth = await AuthHarness.start();
    const signedUp = await auth.graphql<{ signUp: { user: { id: number } } }>(SIGN_UP, { input: account });
    userId = signedUp.body.data!.signUp.user.id;
  });
  afterAll(async () => {
    await auth.stop();
  });

  it('signs in by username in any case and answers the account with its email', async () => {
    const answer = await auth.graphql(SIGN_IN, { username: account.username.toUpperCase(), password: account.password });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toMatchObject({ signIn: { user: { id: userId, username: account.username, email: account.email } } });
    expect(answer.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('starts a new session id at every sign-in', async () => {
    const first = await auth.graphql(SIGN_IN, { username: account.username, password: account.password });
    const second = await auth.graphql(SIGN_IN, { username: account.username, password: account.password }, { session: first.session });
    expect(second.session).toBeDefined();
    expect(second.session).not.toBe(first.session);
    // The session the second sign-in came with is over; the new one works.
    expect((await auth.graphql(ME, {}, { session: first.session })).body.data).toEqual({ me: null });
    expect((await auth.graphql(ME, {}, { session: second.session })).body.data).toMatchObject({ me: { id: userId } });
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const wrongPassword = await auth.graphql(SIGN_IN, { username: account.username, password: 'not-the-password' }, { ip: '198.51.100.10' });
    const unknownUser = await auth.graphql(SIGN_IN, { username: 'nobody-here', password: 'whatever-1' }, { ip: '198.51.100.10' });
    for (const answer of [wrongPassword, unknownUser]) {
      expect(answer.body.errors).toEqual([expect.objectContaining({ message: Messages.invalidCredentials, extensions: { code: 'UNAUTHENTICATED' } })]);
      expect(answer.session).toBeUndefined();
    }
  });

  it('requires username and password', async () => {
    const answer = await auth.graphql(SIGN_IN, { username: account.username, password: '' });
    expect(answer.body.errors?.[0]).toMatchObject({ message: Messages.passwordRequired, extensions: { code: 'BAD_USER_INPUT', field: 'password' } });
  });

  it('answers null for me without a session', async () => {
    expect((await auth.graphql(ME)).body.data).toEqual({ me: null });
  });

  it('signs out: the session ends and the answer clears the cookie', async () => {
    const { session } = await auth.graphql(SIGN_IN, { username: account.username, password: account.password });
    const answer = await auth.graphql(SIGN_OUT, {}, { session });
    expect(answer.body.data).toEqual({ signOut: true });
    expect(answer.session).toBe('clear');
    expect(await auth.sessions.resolve(session)).toBeNull();
    expect((await auth.graphql(ME, {}, { session })).body.data).toEqual({ me: null });
  });

  describe('without a valid internal context', () => {
    const body = () => JSON.stringify({ query: SIGN_IN, variables: { username: account.username, password: account.password } });
    const post = (header?: string) =>
      fetch(auth.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(header !== undefined && { [INTERNAL_CONTEXT_HEADER]: header }) },
        body: body(),
      });

    it.each([
      ['missing', () => undefined],
      ['forged', () => signGraphqlRequest({ ip: '127.0.0.1' }, 'not-the-secret', body())],
      ['stale', () => signGraphqlRequest({ ip: '127.0.0.1' }, TEST_SECRET, body(), Date.now() - 16_000)],
      ['signed for another request', () => signGraphqlRequest({ ip: '127.0.0.1' }, TEST_SECRET, JSON.stringify({ query: '{ me { id } }' }))],
    ])('answers 401 when it is %s, and signs nobody in', async (_case, header) => {
      const response = await post(header());
      expect(response.status).toBe(401);
      expect(response.headers.get('x-nocturne-set-session')).toBeNull();
    });
  });
});
