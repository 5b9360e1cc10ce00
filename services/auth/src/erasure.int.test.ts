import { rmSync } from 'node:fs';
import { protectPersonalData } from '@nocturne/platform/privacy';
import { eventually, personalDataStorages, uniqueSuffix } from '@nocturne/platform/testing';
import { authPersonalData } from './account/personalData';
import type { UserDocument } from './projections/readModels';
import { AuthHarness, DELETE_ACCOUNT, ENTITIES, newAccount, REQUEST_RESET, RESET, SIGN_IN, SIGN_UP, SOME_VIEWER } from './testing/authHarness';

type SignedUp = { signUp: { user: { id: number } } };

const storages = personalDataStorages('auth');

describe.each(storages)('erasure of an account in the $name', (storage) => {
  afterAll(() => storage.close());

  it('leaves no personal data in the stored bytes, and a restart brings none back', async () => {
    const tag = uniqueSuffix().replace(/[^a-z0-9]/gi, '').slice(-8);
    const account = newAccount({ username: `Selene${tag}`, email: `Selene.${tag}@Example.com`, name: `Selene Moonwhisper${tag}`, age: 31 });
    const renamed = `Selene Starfall${tag}`;
    const personal = [account.email, account.email.toLowerCase(), account.username, account.username.toLowerCase(), account.name, renamed, '$argon2'];

    const first = await AuthHarness.start({ storage: await storage.open() });
    const signedUp = await first.graphql<SignedUp>(SIGN_UP, { input: account });
    expect(signedUp.body.errors).toBeUndefined();
    const id = signedUp.body.data!.signUp.user.id;
    await first.followProfileEdit(id, { name: renamed, age: 32 });
    await first.graphql(REQUEST_RESET, { email: account.email });
    await eventually(() => expect(first.mails().map((mail) => mail.to)).toContain(account.email));
    const token = /token=([A-Za-z0-9_%-]+)/.exec(first.mails().at(-1)!.text)![1]!;
    expect((await first.graphql(RESET, { token: decodeURIComponent(token), password: 'another-secret-9' })).body.errors).toBeUndefined();

    // Encrypted at rest from the start, not only after the deletion.
    const beforeDeletion = await storage.raw(first.dataDir);
    for (const value of personal) expect(beforeDeletion).not.toContain(value);

    const signedIn = await first.graphql(SIGN_IN, { username: account.username, password: 'another-secret-9' });
    expect(signedIn.body.errors).toBeUndefined();
    expect((await first.graphql(DELETE_ACCOUNT, {}, { session: signedIn.session! })).body.errors).toBeUndefined();
    await first.stop({ keepData: true });

    const afterDeletion = await storage.raw(first.dataDir);
    for (const value of personal) expect(afterDeletion).not.toContain(value);

    const secondStorage = await storage.open();
    const second = await AuthHarness.start({ dataDir: first.dataDir, storage: secondStorage });
    try {
      expect((await second.graphql(SIGN_IN, { username: account.username, password: 'another-secret-9' })).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await second.graphql(ENTITIES, { representations: [{ __typename: 'User', id }] }, SOME_VIEWER)).body.data).toEqual({ _entities: [null] });
      const row = await second.adapters.readModels.collection<UserDocument>('users').get(String(id));
      expect(row).toEqual({ _id: String(id), version: expect.any(Number), erased: true });

      const { eventStore, personalData } = secondStorage ?? second.adapters;
      const replayed = await protectPersonalData(eventStore, personalData, authPersonalData).readStream(`user-${id}`);
      expect(replayed.map((event) => event.type)).toEqual(['UserRegistered', 'AccountDetailsChanged', 'PasswordChanged', 'UserDeleted']);
      expect(JSON.stringify(replayed)).not.toMatch(/Selene|\$argon2/);
      expect(replayed[0]!.data).toMatchObject({ userId: id, email: null, name: null, username: null, passwordHash: null });

      // The names are free again, and a new account with them is encrypted under a key of its own.
      const again = await second.graphql<SignedUp>(SIGN_UP, { input: { ...account, password: 'third-secret-11' } });
      expect(again.body.errors).toBeUndefined();
      expect(again.body.data!.signUp.user.id).not.toBe(id);
    } finally {
      await second.stop({ keepData: true });
    }
    const afterRestart = await storage.raw(first.dataDir);
    rmSync(first.dataDir, { recursive: true, force: true });
    for (const value of personal) expect(afterRestart).not.toContain(value);
  });
});
