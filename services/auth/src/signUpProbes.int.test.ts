import { Messages } from '@nocturne/contracts';
import { AuthHarness, newAccount, SIGN_UP, type GraphQLAnswer } from './testing/authHarness';

const PROBES_ALLOWED = 5;

const errorOf = (answer: GraphQLAnswer) => answer.body.errors?.[0];

describe('sign-up answers whether an email is registered only a few times per address', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await AuthHarness.start({ rateLimits: { signUpsPerAddress: { limit: 1000, windowMs: 3_600_000 } } });
  });
  afterAll(async () => {
    await auth.stop();
  });

  it(`answers ${PROBES_ALLOWED} sign-ups naming one address a day, then 429 from any client address`, async () => {
    const member = newAccount();
    expect(errorOf(await auth.graphql(SIGN_UP, { input: member }, { ip: '10.30.0.1' }))).toBeUndefined();
    for (let probe = 1; probe < PROBES_ALLOWED; probe += 1) {
      const answer = await auth.graphql(SIGN_UP, { input: newAccount({ email: member.email }) }, { ip: `10.30.1.${probe}` });
      expect(errorOf(answer)).toMatchObject({ message: Messages.emailTaken, extensions: { code: 'CONFLICT', field: 'email' } });
    }
    for (const [ip, email] of [
      ['10.30.2.1', member.email],
      ['10.30.2.2', member.email.toUpperCase()],
    ] as const) {
      const answer = await auth.graphql(SIGN_UP, { input: newAccount({ email }) }, { ip });
      expect(errorOf(answer)).toMatchObject({ message: Messages.tooManyRequests, extensions: { code: 'RATE_LIMITED' } });
      expect(errorOf(answer)?.extensions?.retryAfterSeconds).toBeGreaterThan(0);
    }
    // Other addresses are not affected.
    expect(errorOf(await auth.graphql(SIGN_UP, { input: newAccount() }, { ip: '10.30.2.1' }))).toBeUndefined();
  });

  it('does not count sign-ups that stop at a taken username, which never look at the email', async () => {
    const unused = newAccount().email;
    const taken = newAccount();
    await auth.graphql(SIGN_UP, { input: taken }, { ip: '10.31.0.1' });
    for (let attempt = 0; attempt < PROBES_ALLOWED + 1; attempt += 1) {
      const answer = await auth.graphql(SIGN_UP, { input: newAccount({ username: taken.username, email: unused }) }, { ip: '10.31.0.2' });
      expect(errorOf(answer)).toMatchObject({ message: Messages.usernameTaken, extensions: { code: 'CONFLICT', field: 'username' } });
    }
    const first = await auth.graphql(SIGN_UP, { input: newAccount({ email: unused }) }, { ip: '10.31.0.3' });
    expect(errorOf(first)).toBeUndefined();
  });
});
