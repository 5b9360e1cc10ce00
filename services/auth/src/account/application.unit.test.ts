import { randomBytes, randomUUID } from 'node:crypto';
import { Messages } from '@nocturne/contracts';
import { InProcessEventStore, InProcessKeyValueStore, InProcessReadModelStore, MemoryCheckpointStore } from '@nocturne/platform/inprocess';
import type { Actor, Projection } from '@nocturne/platform/kit';
import { RateLimiter } from '@nocturne/platform/limits';
import { createLogger } from '@nocturne/platform/logging';
import { MemorySubjectKeyStore, PersonalDataVault } from '@nocturne/platform/privacy';
import { SessionStore } from '@nocturne/platform/sessions';
import { defaultRateLimits } from '../config';
import { AuthApplication } from './application';
import { KnownDevices } from './knownDevices';
import type { Mailer, PasswordHasher } from './ports';
import { createAuthReadModels } from '../projections/readModels';

/** Hashes are "hash:<password>"; every call is recorded. */
function recordingHasher() {
  const calls: string[] = [];
  const hasher: PasswordHasher = {
    hash: async (password) => `hash:${password}`,
    verify: async (hash, password) => {
      calls.push('verify');
      return hash === `hash:${password}`;
    },
    verifyAgainstDummy: async () => {
      calls.push('verifyAgainstDummy');
    },
  };
  return { hasher, calls };
}

describe('sign-in of the auth application', () => {
  const logger = createLogger('auth', { env: { LOG_LEVEL: 'silent' } });
  const actor: Actor = { ip: '192.0.2.7', requestId: 'r1' };
  let application: AuthApplication;
  let calls: string[];
  let store: InProcessEventStore;
  let projection: Projection;

  beforeEach(async () => {
    store = new InProcessEventStore();
    const kv = new InProcessKeyValueStore({ sweepIntervalMs: 0 });
    const recording = recordingHasher();
    calls = recording.calls;
    const read = createAuthReadModels({ eventStore: store, readModels: new InProcessReadModelStore(), checkpoints: new MemoryCheckpointStore(), logger });
    projection = read.projection;
    await projection.start();
    const mailer: Mailer = { send: async () => undefined, close: async () => undefined };
    application = new AuthApplication({
      eventStore: store,
      personalData: new PersonalDataVault({ store: new MemorySubjectKeyStore() }),
      claimKey: randomBytes(32),
      sessions: new SessionStore(kv),
      devices: new KnownDevices(kv, 180 * 24 * 3600_000),
      rateLimiter: new RateLimiter(kv, 'auth:rate:'),
      passwords: recording.hasher,
      mailer,
      users: read.users,
      blocks: read.blocks,
      logger,
      clock: () => new Date(),
      newId: randomUUID,
      newResetToken: () => randomUUID(),
      options: { publicUrl: 'http://nocturne.test', resetTokenValidMs: 30 * 60_000, abandonedClaimMs: 5 * 60_000, rateLimits: defaultRateLimits },
    });
    await application.signUp({ username: 'luna', email: 'luna@example.com', password: 'moonlight', name: 'Luna', age: 25 }, actor);
    calls.length = 0;
  });

  afterEach(async () => {
    await projection.stop();
    await store.close();
  });

  it('spends a password verification on an unknown username too, and answers the same', async () => {
    const unknown = application.signIn({ username: 'nobody', password: 'moonlight' }, actor);
    await expect(unknown).rejects.toMatchObject({ message: Messages.invalidCredentials, code: 'UNAUTHENTICATED' });
    const wrong = application.signIn({ username: 'luna', password: 'sunlight' }, actor);
    await expect(wrong).rejects.toMatchObject({ message: Messages.invalidCredentials, code: 'UNAUTHENTICATED' });
    expect(calls).toEqual(['verifyAgainstDummy', 'verify']);
  });

  it('signs in with the right password in any case of the username', async () => {
    const signedIn = await application.signIn({ username: 'LUNA', password: 'moonlight' }, actor);
    expect(signedIn.user).toMatchObject({ username: 'luna', email: 'luna@example.com' });
    expect(signedIn.session.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
