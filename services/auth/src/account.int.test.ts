import { Messages, Topics } from '@nocturne/contracts';
import { eventually } from '@nocturne/platform/testing';
import { AUTH_CONSUMER_GROUP } from './integration/consumers';
import { AuthHarness, DELETE_ACCOUNT, ENTITIES, ME, newAccount, REQUEST_RESET, SIGN_IN, SIGN_UP, SOME_VIEWER } from './testing/authHarness';

type SignedUp = { signUp: { user: { id: number } } };

describe('account details, deletion and references over the auth subgraph', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await AuthHarness.start();
  });
  afterAll(async () => {
    await auth.stop();
  });

  async function signUp(overrides = {}) {
    const account = newAccount(overrides);
    const answer = await auth.graphql<SignedUp>(SIGN_UP, { input: account });
    expect(answer.body.errors).toBeUndefined();
    return { account, session: answer.session!, id: answer.body.data!.signUp.user.id };
  }

  it('follows the name and age of a profile edit (the profile service owns the edit), once however often it is delivered', async () => {
    const { session, id } = await signUp();
    const edit = await auth.followProfileEdit(id, { name: ' Selene ', age: 33 });
    expect((await auth.graphql(ME, {}, { session })).body.data).toMatchObject({ me: { id, name: 'Selene', age: 33 } });
    // Delivered again (at least once): nothing changes, nothing new is recorded.
    const stream = async () => (await auth.adapters.eventStore.readStream(`user-${id}`)).length;
    const before = await stream();
    await auth.adapters.bus.publish(Topics.profile, [{ key: edit.aggregateId, event: edit }]);
    // The same values again under a new id: followed, and nothing to record.
    await auth.followProfileEdit(id, { name: 'Selene', age: 33 });
    // In order behind those two: once it shows, they were handled; only it was recorded.
    await auth.followProfileEdit(id, { name: 'Selene Starfall', age: 34 });
    expect(await stream()).toBe(before + 1);
  });

  it('has no mutation of its own for name and age: one request, one owner', async () => {
    const { session } = await signUp();
    const answer = await auth.graphql(`mutation { updateAccountDetails(name: "Selene", age: 30) { id } }`, {}, { session });
    expect(answer.body.errors?.[0]?.message).toMatch(/updateAccountDetails/);
  });

  it('refuses account changes without a session', async () => {
    for (const [query, variables] of [
      [DELETE_ACCOUNT, {}],
    ] as const) {
      const answer = await auth.graphql(query, variables);
      expect(answer.body.errors?.[0]).toMatchObject({ message: Messages.signedOut, extensions: { code: 'UNAUTHENTICATED' } });
    }
  });

  it('resolves users referenced by other subgraphs, showing email only to its owner', async () => {
    const alice = await signUp({ name: 'Alice' });
    const bob = await signUp({ name: 'Bobby' });
    const representations = [
      { __typename: 'User', id: alice.id },
      { __typename: 'User', id: bob.id },
      { __typename: 'User', id: 999_999 },
    ];
    const answer = await auth.graphql(ENTITIES, { representations }, { session: alice.session });
    expect(answer.body.data).toEqual({
      _entities: [expect.objectContaining({ id: alice.id, name: 'Alice', email: alice.account.email }), expect.objectContaining({ id: bob.id, name: 'Bobby', email: null }), null],
    });
  });

  it('shows nothing through _entities of a person who blocked the viewer, whom the viewer blocked, or who was deleted, and still shows a visible person', async () => {
    const viewer = await signUp({ name: 'Vesper' });
    const blocker = await signUp({ name: 'Blocker' });
    const blocked = await signUp({ name: 'Blocked' });
    const deleted = await signUp({ name: 'Deleted' });
    const visible = await signUp({ name: 'Visible' });
    const seenBy = async (viewerId: number, ids: number[]) => {
      const answer = await auth.graphql<{ _entities: Array<{ id: number; name: string } | null> }>(ENTITIES, { representations: ids.map((id) => ({ __typename: 'User', id })) }, { viewer: viewerId });
      expect(answer.body.errors).toBeUndefined();
      return answer.body.data!._entities.map((user) => user && { id: user.id, name: user.name });
    };
    const shown = (person: { id: number; account: { name: string } }) => ({ id: person.id, name: person.account.name });
    expect(await seenBy(viewer.id, [blocker.id, blocked.id, deleted.id, visible.id])).toEqual([shown(blocker), shown(blocked), shown(deleted), shown(visible)]);

    await auth.publishBlock(blocker.id, viewer.id);
    await auth.publishBlock(viewer.id, blocked.id);
    expect((await auth.graphql(DELETE_ACCOUNT, {}, { session: deleted.session })).body.errors).toBeUndefined();
    await eventually(async () => expect(await seenBy(viewer.id, [blocker.id, blocked.id, deleted.id, visible.id])).toEqual([null, null, null, shown(visible)]));
    // Both ways: the blocker and the blocked see nothing of the viewer either.
    expect(await seenBy(blocker.id, [viewer.id])).toEqual([null]);
    expect(await seenBy(blocked.id, [viewer.id])).toEqual([null]);
    // Someone else still sees all three, and each still sees themselves.
    expect(await seenBy(visible.id, [viewer.id, blocker.id, blocked.id])).toEqual([shown(viewer), shown(blocker), shown(blocked)]);
    expect(await seenBy(blocked.id, [blocked.id])).toEqual([shown(blocked)]);
  });

  it('forgets who blocked whom with the account, and keeps nothing of a block that arrives after it was deleted', async () => {
    const stayer = await signUp();
    const leaver = await signUp();
    const gone = await signUp();
    const blocks = auth.adapters.readModels.collection<{ _id: string; blockerId: number; blockedId: number }>('blocks');
    const naming = (userId: number) => blocks.count({ $or: [{ blockerId: userId }, { blockedId: userId }] });
    await auth.publishBlock(leaver.id, stayer.id);
    await eventually(async () => expect(await naming(leaver.id)).toBe(1));
    await auth.graphql(DELETE_ACCOUNT, {}, { session: leaver.session });
    expect(await naming(leaver.id)).toBe(0);

    await auth.graphql(DELETE_ACCOUNT, {}, { session: gone.session });
    await auth.publishBlock(stayer.id, gone.id);
    // Handled once the auth group has nothing left to read on swipe.events.
    await eventually(async () => expect(await auth.adapters.bus.lagOf!(AUTH_CONSUMER_GROUP, [Topics.swipe])).toEqual({ [Topics.swipe]: 0 }));
    expect(await naming(gone.id)).toBe(0);
    expect(JSON.stringify(await auth.adapters.eventStore.readAll({ after: 0, limit: 10_000 }))).not.toContain(`"blockedId":${gone.id}`);
  });

  it('shows nobody to a signed-out caller through _entities', async () => {
    const alice = await signUp({ name: 'Alice' });
    const answer = await auth.graphql(ENTITIES, { representations: [{ __typename: 'User', id: alice.id }] });
    expect(answer.body.errors?.[0]).toMatchObject({ message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } });
    expect(JSON.stringify(answer.body)).not.toContain('Alice');
  });

  it('deletes the account: sessions end, the cookie clears, the user disappears and the names are free again', async () => {
    const { account, session, id } = await signUp();
    const otherDevice = (await auth.graphql(SIGN_IN, { username: account.username, password: account.password })).session;

    const answer = await auth.graphql(DELETE_ACCOUNT, {}, { session });
    expect(answer.body).toEqual({ data: { deleteAccount: true } });
    expect(answer.session).toBe('clear');

    for (const ended of [session, otherDevice]) expect(await auth.sessions.resolve(ended)).toBeNull();
    expect((await auth.graphql(ENTITIES, { representations: [{ __typename: 'User', id }] }, SOME_VIEWER)).body.data).toEqual({ _entities: [null] });
    const signIn = await auth.graphql(SIGN_IN, { username: account.username, password: account.password });
    expect(signIn.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const control = await signUp();
    const before = auth.mails().length;
    await auth.graphql(REQUEST_RESET, { email: account.email });
    await auth.graphql(REQUEST_RESET, { email: control.account.email });
    // Once the later request's mail is there, the deleted account's would have been too.
    await eventually(() => expect(auth.mails().slice(before).map((mail) => mail.to)).toEqual([control.account.email]));

    const again = await auth.graphql<SignedUp>(SIGN_UP, { input: { ...account, name: 'Someone Else' } });
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data!.signUp.user.id).not.toBe(id);
  });

  it('keeps personal data out of the events that record a deletion', async () => {
    const { account, session, id } = await signUp();
    await auth.graphql(DELETE_ACCOUNT, {}, { session });
    const stream = await auth.adapters.eventStore.readStream(`user-${id}`);
    const deletion = stream[stream.length - 1]!;
    expect(deletion.type).toBe('UserDeleted');
    expect(JSON.stringify(deletion.data)).not.toContain(account.email);
    expect(JSON.stringify(deletion.data)).not.toContain(account.username);
  });
});

describe('a restarted auth service', () => {
  it('still knows its users, their passwords and changes, who blocked whom, and keeps counting ids', async () => {
    const first = await AuthHarness.start();
    const account = newAccount();
    const signedUp = await first.graphql<SignedUp>(SIGN_UP, { input: account });
    const id = signedUp.body.data!.signUp.user.id;
    await first.followProfileEdit(id, { name: 'Renamed', age: 44 });
    const blocker = (await first.graphql<SignedUp>(SIGN_UP, { input: newAccount() })).body.data!.signUp.user.id;
    await first.publishBlock(blocker, id);
    const hidden = { _entities: [null] };
    await eventually(async () => expect((await first.graphql(ENTITIES, { representations: [{ __typename: 'User', id }] }, { viewer: blocker })).body.data).toEqual(hidden));
    await first.stop({ keepData: true });

    const second = await AuthHarness.start({ dataDir: first.dataDir });
    try {
      const signIn = await second.graphql(SIGN_IN, { username: account.username, password: account.password });
      expect(signIn.body.data).toMatchObject({ signIn: { user: { id, name: 'Renamed', age: 44, email: account.email } } });
      const taken = await second.graphql(SIGN_UP, { input: newAccount({ username: account.username }) });
      expect(taken.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', field: 'username' });
      const next = await second.graphql<SignedUp>(SIGN_UP, { input: newAccount() });
      expect(next.body.data!.signUp.user.id).toBeGreaterThan(id);
      expect((await second.graphql(ENTITIES, { representations: [{ __typename: 'User', id }] }, SOME_VIEWER)).body.data).toMatchObject({ _entities: [{ id, name: 'Renamed' }] });
      // The block was read off the bus before the restart; the store keeps it, and the read model is rebuilt from there.
      expect((await second.graphql(ENTITIES, { representations: [{ __typename: 'User', id }] }, { viewer: blocker })).body.data).toEqual(hidden);
      expect((await second.service.readiness()).ready).toBe(true);
    } finally {
      await second.stop();
    }
  });
});
