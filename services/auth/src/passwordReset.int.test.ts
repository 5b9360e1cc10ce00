import { Messages } from '@nocturne/contracts';
import { eventually } from '@nocturne/platform/testing';
import { AuthHarness, ME, newAccount, REQUEST_RESET, RESET, SIGN_IN, SIGN_UP } from './testing/authHarness';

describe('password reset over the auth subgraph', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await AuthHarness.start();
  });
  afterAll(async () => {
    await auth.stop();
  });

  async function requestLink(email: string, ip = '192.0.2.1'): Promise<string> {
    const before = auth.mails().length;
    const answer = await auth.graphql(REQUEST_RESET, { email }, { ip });
    expect(answer.body).toEqual({ data: { requestPasswordReset: true } });
    const mail = await eventually(() => {
      const mails = auth.mails();
      expect(mails.length).toBeGreaterThan(before);
      return mails[mails.length - 1]!;
    });
    expect(mail.to).toBe(email);
    const link = /http:\/\/nocturne\.test\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    expect(mail.link).toBe(link![0]);
    return decodeURIComponent(link![1]!);
  }

  async function signUp() {
    const account = newAccount();
    const answer = await auth.graphql(SIGN_UP, { input: account });
    expect(answer.body.errors).toBeUndefined();
    return { account, session: answer.session! };
  }

  it('mails a single-use link that sets a new password and ends every session', async () => {
    const { account, session } = await signUp();
    const otherDevice = (await auth.graphql(SIGN_IN, { username: account.username, password: account.password })).session;
    const token = await requestLink(account.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const reset = await auth.graphql(RESET, { token, password: 'a-brand-new-secret' });
    expect(reset.body).toEqual({ data: { resetPassword: true } });

    for (const ended of [session, otherDevice]) expect((await auth.graphql(ME, {}, { session: ended })).body.data).toEqual({ me: null });
    const oldPassword = await auth.graphql(SIGN_IN, { username: account.username, password: account.password });
    expect(oldPassword.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const newPassword = await auth.graphql(SIGN_IN, { username: account.username, password: 'a-brand-new-secret' });
    expect(newPassword.body.errors).toBeUndefined();

    const again = await auth.graphql(RESET, { token, password: 'yet-another-one' });
    expect(again.body.errors?.[0]).toMatchObject({ message: Messages.resetTokenInvalid, extensions: { code: 'BAD_USER_INPUT', field: 'token' } });
  });

  it('answers true for an unknown address and sends nothing', async () => {
    const before = auth.mails().length;
    const answer = await auth.graphql(REQUEST_RESET, { email: 'no-account@example.com' });
    expect(answer.body).toEqual({ data: { requestPasswordReset: true } });
    // A known address asked right after: once its mail is there, the unknown one's would have been too.
    const { account } = await signUp();
    await requestLink(account.email);
    expect(auth.mails().slice(before).map((mail) => mail.to)).toEqual([account.email]);
  });

  it('finds the account whatever the case of the address', async () => {
    const { account } = await signUp();
    const before = auth.mails().length;
    await auth.graphql(REQUEST_RESET, { email: account.email.toUpperCase() });
    await eventually(() => expect(auth.mails().slice(before).map((mail) => mail.to)).toEqual([account.email]));
  });

  it('refuses a link after 30 minutes', async () => {
    const { account } = await signUp();
    const token = await requestLink(account.email);
    auth.clock.advance(30 * 60_000 + 1);
    const answer = await auth.graphql(RESET, { token, password: 'too-late-now' });
    expect(answer.body.errors?.[0]).toMatchObject({ message: Messages.resetTokenInvalid, extensions: { code: 'BAD_USER_INPUT', field: 'token' } });
    expect((await auth.graphql(SIGN_IN, { username: account.username, password: account.password })).body.errors).toBeUndefined();
  });

  it('refuses an unknown token', async () => {
    const answer = await auth.graphql(RESET, { token: 'A'.repeat(43), password: 'whatever-it-is' });
    expect(answer.body.errors?.[0]).toMatchObject({ message: Messages.resetTokenInvalid, extensions: { code: 'BAD_USER_INPUT', field: 'token' } });
  });

  it('checks the new password with the sign-up rule and keeps the token for a second try', async () => {
    const { account } = await signUp();
    const token = await requestLink(account.email);
    const short = await auth.graphql(RESET, { token, password: '123' });
    expect(short.body.errors?.[0]).toMatchObject({ message: Messages.password, extensions: { code: 'BAD_USER_INPUT', field: 'password' } });
    expect((await auth.graphql(RESET, { token, password: 'long-enough-now' })).body).toEqual({ data: { resetPassword: true } });
  });

  it('refuses an invalid address with BAD_USER_INPUT on email', async () => {
    const answer = await auth.graphql(REQUEST_RESET, { email: 'not an address' });
    expect(answer.body.errors?.[0]).toMatchObject({ message: Messages.email, extensions: { code: 'BAD_USER_INPUT', field: 'email' } });
  });
});
