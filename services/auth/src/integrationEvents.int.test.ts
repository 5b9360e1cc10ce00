import { AuthEvents, Topics, type IntegrationEvent } from '@nocturne/contracts';
import { eventually } from '@nocturne/platform/testing';
import { AuthHarness, DELETE_ACCOUNT, newAccount, SIGN_UP, UPDATE_DETAILS } from './testing/authHarness';

describe('integration events of the auth subgraph', () => {
  it('publishes UserRegistered, AccountDetailsChanged and UserDeleted on auth.events, keyed by user id, without secrets', async () => {
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
      await auth.graphql(UPDATE_DETAILS, { name: 'Nyx Noctis', age: 30 }, { session: signedUp.session });
      await auth.graphql(DELETE_ACCOUNT, {}, { session: signedUp.session });

      const mine = await eventually(() => {
        const events = received.filter((message) => message.key === String(id));
        expect(events.map((message) => message.event.type)).toEqual(['UserRegistered', 'AccountDetailsChanged', 'UserDeleted']);
        return events.map((message) => message.event);
      });
      expect(AuthEvents.UserRegistered.schema.strict().parse(mine[0]!.data)).toMatchObject({ userId: id, username: account.username, name: 'Nyx', age: 29 });
      expect(AuthEvents.AccountDetailsChanged.schema.strict().parse(mine[1]!.data)).toEqual({ userId: id, name: 'Nyx Noctis', age: 30 });
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
