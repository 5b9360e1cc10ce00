import { Messages } from '@nocturne/contracts';
import { AuthHarness, newAccount, SIGN_IN, SIGN_UP, type GraphQLAnswer } from './testing/authHarness';

const minutes = (count: number) => count * 60_000;
const ACCOUNT_LIMIT = 3;
const DEVICE_LIMIT = 4;

const codeOf = (answer: GraphQLAnswer) => answer.body.errors?.[0]?.extensions?.code ?? 'OK';
const count = (answers: GraphQLAnswer[], code: string) => answers.filter((answer) => codeOf(answer) === code).length;

describe('sign-in limits of the auth subgraph under parallel requests and targeted lockout', () => {
  let auth: AuthHarness;

  beforeAll(async () => {
    auth = await AuthHarness.start({
      rateLimits: {
        signInFailuresPerAccount: { limit: ACCOUNT_LIMIT, windowMs: minutes(15) },
        signInFailuresPerDevice: { limit: DEVICE_LIMIT, windowMs: minutes(15) },
        signInFailuresPerAddress: { limit: 1000, windowMs: minutes(15) },
      },
    });
  });
  afterAll(async () => {
    await auth.stop();
  });

  /** Signs a new account up from a device; answers the account and the device cookie it was given. */
  async function signedUp() {
    const account = newAccount();
    const answer = await auth.graphql(SIGN_UP, { input: account }, { ip: '10.20.0.1' });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return { account, device: answer.device! };
  }

  it('lets no more than the limit of parallel wrong passwords through to verification', async () => {
    const { account } = await signedUp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => auth.graphql(SIGN_IN, { username: account.username, password: `wrong-guess-${i}` }, { ip: `10.21.0.${i}` })),
    );
    expect(count(answers, 'UNAUTHENTICATED')).toBe(ACCOUNT_LIMIT);
    expect(count(answers, 'RATE_LIMITED')).toBe(12 - ACCOUNT_LIMIT);
    // The account is locked for devices that never signed in to it, the right password included.
    expect(codeOf(await auth.graphql(SIGN_IN, { username: account.username, password: account.password }, { ip: '10.21.1.1' }))).toBe('RATE_LIMITED');
  });

  it('lets the owner in from a device that signed in before while strangers have locked the account', async () => {
    const { account, device } = await signedUp();
    for (let attempt = 0; attempt < ACCOUNT_LIMIT + 2; attempt += 1) {
      await auth.graphql(SIGN_IN, { username: account.username, password: 'wrong-guess' }, { ip: `10.22.0.${attempt}` });
    }
    expect(codeOf(await auth.graphql(SIGN_IN, { username: account.username, password: account.password }, { ip: '10.22.1.1' }))).toBe('RATE_LIMITED');

    const owner = await auth.graphql(SIGN_IN, { username: account.username, password: account.password }, { ip: '10.22.1.2', device });
    expect(owner.body.errors).toBeUndefined();
    expect(owner.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A new device id at every success; the old one is no longer bound to the account.
    expect(owner.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(owner.device).not.toBe(device);
    const withOldId = await auth.graphql(SIGN_IN, { username: account.username, password: account.password }, { ip: '10.22.1.2', device });
    expect(codeOf(withOldId)).toBe('RATE_LIMITED');
    expect((await auth.graphql(SIGN_IN, { username: account.username, password: account.password }, { device: owner.device! })).body.errors).toBeUndefined();
  });

  it('counts failures of a known device on its own, in parallel too, and then refuses that device', async () => {
    const { account, device } = await signedUp();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => auth.graphql(SIGN_IN, { username: account.username, password: `wrong-guess-${i}` }, { ip: '10.23.0.1', device })),
    );
    expect(count(answers, 'UNAUTHENTICATED')).toBe(DEVICE_LIMIT);
    expect(count(answers, 'RATE_LIMITED')).toBe(10 - DEVICE_LIMIT);
    expect(codeOf(await auth.graphql(SIGN_IN, { username: account.username, password: account.password }, { ip: '10.23.0.1', device }))).toBe('RATE_LIMITED');
    // The device's failures are not the account's: another device that never failed still gets its tries.
    expect((await auth.graphql(SIGN_IN, { username: account.username, password: account.password }, { ip: '10.23.0.2' })).body.errors).toBeUndefined();
  });

  it('treats a device known to another account, or an id never handed out, as unknown', async () => {
    const victim = await signedUp();
    const attacker = await signedUp();
    for (let attempt = 0; attempt < ACCOUNT_LIMIT; attempt += 1) {
      await auth.graphql(SIGN_IN, { username: victim.account.username, password: 'wrong-guess' }, { ip: '10.24.0.1' });
    }
    for (const device of [attacker.device, 'x'.repeat(43)]) {
      const answer = await auth.graphql(SIGN_IN, { username: victim.account.username, password: 'wrong-guess' }, { ip: '10.24.0.2', device });
      expect(answer.body.errors?.[0]).toMatchObject({ message: Messages.tooManyRequests, extensions: { code: 'RATE_LIMITED' } });
    }
  });

  it('gives the device no cookie when the password is wrong', async () => {
    const { account } = await signedUp();
    const wrong = await auth.graphql(SIGN_IN, { username: account.username, password: 'wrong-guess' }, { ip: '10.25.0.1' });
    expect(codeOf(wrong)).toBe('UNAUTHENTICATED');
    expect(wrong.device).toBeUndefined();
    expect(wrong.session).toBeUndefined();
  });
});
