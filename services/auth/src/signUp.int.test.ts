import { Messages } from '@nocturne/contracts';
import { AuthHarness, ME, newAccount, SIGN_UP } from './testing/authHarness';

describe('sign-up over the auth subgraph', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await AuthHarness.start();
  });
  afterAll(async () => {
    await auth.stop();
  });

  it('creates the account, answers it and signs it in with the session header', async () => {
    const input = newAccount({ name: 'Selene', age: 31 });
    const answer = await auth.graphql(SIGN_UP, { input });
    expect(answer.body.errors).toBeUndefined();
    const user = (answer.body.data as { signUp: { user: Record<string, unknown> } }).signUp.user;
    expect(user).toMatchObject({ username: input.username, email: input.email, name: 'Selene', age: 31 });
    expect(Number.isInteger(user.id)).toBe(true);
    expect(new Date(String(user.createdAt)).toISOString()).toBe(user.createdAt);
    expect(answer.headers.get('x-nocturne-set-session')).toMatch(/^[A-Za-z0-9_-]{43}; Max-Age=2592000$/);
    expect(JSON.stringify(answer.body)).not.toContain(input.password);

    const me = await auth.graphql(ME, {}, { session: answer.session });
    expect(me.body.data).toEqual({ me: user });
  });

  it('hands out serial whole-number ids', async () => {
    const first = await auth.graphql<{ signUp: { user: { id: number } } }>(SIGN_UP, { input: newAccount() });
    const second = await auth.graphql<{ signUp: { user: { id: number } } }>(SIGN_UP, { input: newAccount() });
    expect(second.body.data!.signUp.user.id).toBe(first.body.data!.signUp.user.id + 1);
  });

  it.each([
    ['username', { username: 'ab' }, Messages.username],
    ['email', { email: 'no-at-sign' }, Messages.email],
    ['password', { password: '12345' }, Messages.password],
    ['name', { name: 'X' }, Messages.name],
    ['age', { age: 17 }, Messages.age],
    ['age', { age: 100 }, Messages.age],
  ])('refuses a bad %s with BAD_USER_INPUT naming it', async (field, change, message) => {
    const answer = await auth.graphql(SIGN_UP, { input: newAccount(change) });
    expect(answer.body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field } });
    expect(answer.session).toBeUndefined();
  });

  it('refuses a username taken in another case with CONFLICT on username', async () => {
    const taken = newAccount();
    await auth.graphql(SIGN_UP, { input: taken });
    const answer = await auth.graphql(SIGN_UP, { input: newAccount({ username: taken.username.toUpperCase() }) });
    expect(answer.body.errors?.[0]).toMatchObject({ message: Messages.usernameTaken, extensions: { code: 'CONFLICT', field: 'username' } });
  });

  it('refuses an email registered in another case with CONFLICT on email, and leaves the username free', async () => {
    const taken = newAccount();
    await auth.graphql(SIGN_UP, { input: taken });
    const retry = newAccount({ email: taken.email.toUpperCase() });
    const answer = await auth.graphql(SIGN_UP, { input: retry });
    expect(answer.body.errors?.[0]).toMatchObject({ message: Messages.emailTaken, extensions: { code: 'CONFLICT', field: 'email' } });

    const again = await auth.graphql(SIGN_UP, { input: { ...retry, email: `other-${retry.email}` } });
    expect(again.body.errors).toBeUndefined();
  });

  it('lets exactly one of two simultaneous sign-ups with the same username through', async () => {
    const username = newAccount().username;
    const answers = await Promise.all([auth.graphql(SIGN_UP, { input: newAccount({ username }) }), auth.graphql(SIGN_UP, { input: newAccount({ username: username.toUpperCase() }) })]);
    const codes = answers.map((answer) => answer.body.errors?.[0]?.extensions?.code ?? 'OK').sort();
    expect(codes).toEqual(['CONFLICT', 'OK']);
  });

  it('lets one of two simultaneous sign-ups with the same address through, and leaves the other one\'s username free', async () => {
    const email = newAccount().email;
    const people = [newAccount({ email }), newAccount({ email: email.toUpperCase() })];
    const answers = await Promise.all(people.map((input) => auth.graphql(SIGN_UP, { input })));
    const refused = answers.findIndex((answer) => answer.body.errors !== undefined);
    expect(answers.filter((answer) => answer.body.errors === undefined)).toHaveLength(1);
    expect(answers[refused]!.body.errors?.[0]).toMatchObject({ message: Messages.emailTaken, extensions: { code: 'CONFLICT', field: 'email' } });

    const again = await auth.graphql(SIGN_UP, { input: { ...people[refused]!, email: `other-${email}` } });
    expect(again.body.errors).toBeUndefined();
  });
});
