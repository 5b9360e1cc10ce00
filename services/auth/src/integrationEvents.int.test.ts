import { AuthEvents, Topics, type IntegrationEvent } from '@nocturne/contracts';
import { openPublishedPersonalData } from '@nocturne/platform/privacy';
import { eventually } from '@nocturne/platform/testing';
import { AuthHarness, DELETE_ACCOUNT, newAccount, SIGN_UP } from './testing/authHarness';

describe('integration events of the auth subgraph', () => {
  it('publishes UserRegistered, AccountDetailsChanged and UserDeleted on auth.events, keyed by user id, without secrets, personal fields sealed until the account is deleted', async () => {
    const auth = await AuthHarness.start();
    const received: Array<{ key: string; event: IntegrationEvent }> = [];
    const consumer = await auth.adapters.bus.subscribe({
      groupId: 'auth-events-test',
      topics: [Topics.auth],
      handler: async (message) => {
        received.push({ key: message.key, event: message.event });
      },
    });
    try {
      const account = newAccount({ name: 'Nyx', age: 29 });
      const signedUp = await auth.graphql<{ signUp: { user: { id: number } } }>(SIGN_UP, { input: account });
      const id = signedUp.body.data!.signUp.user.id;
      await auth.followProfileEdit(id, { name: 'Nyx Noctis', age: 30 });
      const eventsOf = (types: string[]) =>
        eventually(() => {
          const events = received.filter((message) => message.key === String(id));
          expect(events.map((message) => message.event.type)).toEqual(types);
          return events.map((message) => message.event);
        });
      const open = async (event: IntegrationEvent) => openPublishedPersonalData(event, auth.adapters.publishedPersonalData);

      // Names, username and age travel sealed with the person's published key; consumers open them.
      const [registered, changed] = await eventsOf(['UserRegistered', 'AccountDetailsChanged']);
      expect(JSON.stringify([registered, changed])).not.toMatch(new RegExp(`${account.username}|Nyx|"age"`));
      expect(AuthEvents.UserRegistered.schema.strict().parse((await open(registered!)).event.data)).toMatchObject({ userId: id, username: account.username, name: 'Nyx', age: 29 });
      expect(AuthEvents.AccountDetailsChanged.schema.strict().parse((await open(changed!)).event.data)).toEqual({ userId: id, name: 'Nyx Noctis', age: 30 });

      // Deleting the account shreds that key: no copy of those events can be read any more.
      await auth.graphql(DELETE_ACCOUNT, {}, { session: signedUp.session });
      const mine = await eventsOf(['UserRegistered', 'AccountDetailsChanged', 'UserDeleted']);
      expect(await open(registered!)).toMatchObject({ erased: true });
      expect(await open(changed!)).toMatchObject({ erased: true });
      expect(AuthEvents.UserDeleted.schema.strict().parse(mine[2]!.data)).toMatchObject({ userId: id });
      for (const event of mine) {
        expect(event.version).toBe(1);
        expect(event.aggregateId).toBe(String(id));
      }
      const published = JSON.stringify(received);
      expect(published).not.toContain(account.email);
      expect(published).not.toContain('argon2');
      expect(published).not.toMatch(/Claim|UserIdAllocated|PasswordReset/);
    } finally {
      await consumer.stop();
      await auth.stop();
    }
  });
});
