import { Messages } from '@nocturne/contracts';
import { AuthHarness, newAccount, REQUEST_RESET, SIGN_IN, SIGN_UP, type GraphQLAnswer } from './testing/authHarness';

const minutes = (count: number) => count * 60_000;

function expectRateLimited(answer: GraphQLAnswer, windowMinutes: number) {
  const error = answer.body.errors?.[0];
  expect(error).toMatchObject({ message: Messages.tooManyRequests, extensions: { code: 'RATE_LIMITED' } });
  const retryAfter = error?.extensions?.retryAfterSeconds as number;
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMinutes * 60);
}

describe('rate limits of the auth subgraph', () => {
  let auth: AuthHarness;
  const account = newAccount();

  beforeAll(async () => {
    auth = await AuthHarness.start({
      rateLimits: {
        signInFailuresPerAccount: { limit: 3, windowMs: minutes(15) },
        signInFailuresPerAddress: { limit: 5, windowMs: minutes(15) },
        signUpsPerAddress: { limit: 3, windowMs: minutes(60) },
        resetRequestsPerEmail: { limit: 2, windowMs: minutes(60) },
        resetRequestsPerAddress: { limit: 4, windowMs: minutes(60) },
      },
    });
    await auth.graphql(SIGN_UP, { input: account }, { ip: '10.9.9.9' });
  });
  afterAll(async () => {
    await auth.stop();
  });

  it('locks an account after too many failed sign-ins, even with the right password, from any address', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await auth.graphql(SIGN_IN, { username: account.username, password: 'wrong-guess' }, { ip: `10.1.0.${attempt}` });
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    expectRateLimited(await auth.graphql(SIGN_IN, { username: account.username.toUpperCase(), password: account.password }, { ip: '10.1.0.99' }), 15);
  });

  it('limits failed sign-ins per address, whichever accounts they try', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await auth.graphql(SIGN_IN, { username: `unknown-${attempt}`, password: 'wrong-guess' }, { ip: '10.2.0.1' });
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    expectRateLimited(await auth.graphql(SIGN_IN, { username: 'unknown-x', password: 'wrong-guess' }, { ip: '10.2.0.1' }), 15);
    const elsewhere = await auth.graphql(SIGN_IN, { username: 'unknown-x', password: 'wrong-guess' }, { ip: '10.2.0.2' });
    expect(elsewhere.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('forgets failures of an account after a successful sign-in', async () => {
    const fresh = newAccount();
    await auth.graphql(SIGN_UP, { input: fresh }, { ip: '10.9.9.8' });
    for (let attempt = 0; attempt < 2; attempt++) await auth.graphql(SIGN_IN, { username: fresh.username, password: 'wrong-guess' }, { ip: '10.6.0.1' });
    expect((await auth.graphql(SIGN_IN, { username: fresh.username, password: fresh.password }, { ip: '10.6.0.1' })).body.errors).toBeUndefined();
    for (let attempt = 0; attempt < 2; attempt++) await auth.graphql(SIGN_IN, { username: fresh.username, password: 'wrong-guess' }, { ip: '10.6.0.1' });
    expect((await auth.graphql(SIGN_IN, { username: fresh.username, password: fresh.password }, { ip: '10.6.0.1' })).body.errors).toBeUndefined();
  });

  it('limits sign-ups per address', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await auth.graphql(SIGN_UP, { input: newAccount() }, { ip: '10.3.0.1' })).body.errors).toBeUndefined();
    }
    expectRateLimited(await auth.graphql(SIGN_UP, { input: newAccount() }, { ip: '10.3.0.1' }), 60);
  });

  it('limits reset requests per email', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await auth.graphql(REQUEST_RESET, { email: account.email }, { ip: `10.4.0.${attempt}` })).body.data).toEqual({ requestPasswordReset: true });
    }
    expectRateLimited(await auth.graphql(REQUEST_RESET, { email: account.email.toUpperCase() }, { ip: '10.4.0.9' }), 60);
  });

  it('limits reset requests per address', async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await auth.graphql(REQUEST_RESET, { email: `someone${attempt}@example.com` }, { ip: '10.5.0.1' })).body.data).toEqual({ requestPasswordReset: true });
    }
    expectRateLimited(await auth.graphql(REQUEST_RESET, { email: 'someone-else@example.com' }, { ip: '10.5.0.1' }), 60);
  });
});
