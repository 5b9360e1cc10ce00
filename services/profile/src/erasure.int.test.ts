import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Topics, type IntegrationEvent } from '@nocturne/contracts';
import { createAdapters } from '@nocturne/platform/adapters';
import { INTERNAL_CONTEXT_HEADER, signGraphqlRequest } from '@nocturne/platform/http';
import { createLogger } from '@nocturne/platform/logging';
import { protectPersonalData } from '@nocturne/platform/privacy';
import { eventually, personalDataStorages, uniqueSuffix, type ErasableStorage } from '@nocturne/platform/testing';
import { profilePersonalData } from './profile/personalData';
import { defaultProfileConfig } from './config';
import { profileService } from './service';

const secret = 'profile-erasure-test-secret';
const logger = createLogger('profile', { env: { LOG_LEVEL: 'silent' } });
type Json = ReturnType<typeof JSON.parse>;
type Storage = ErasableStorage;

/** The profile subgraph on port 0 over a data directory, with events and keys optionally elsewhere. */
async function startProfile(dataDir: string, storage: Storage | undefined) {
  const own = await createAdapters({ service: 'profile', dataDir, env: {}, logger });
  const adapters = { ...own, ...storage };
  const service = profileService.create({ adapters, config: { ...defaultProfileConfig, port: 0, internalSecret: secret }, logger });
  const base = (await service.start()).url;
  const graphql = async (uid: number, query: string, variables: Record<string, unknown> = {}) => {
    const body = JSON.stringify({ query, variables });
    const response = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INTERNAL_CONTEXT_HEADER]: signGraphqlRequest({ ip: '127.0.0.1', uid }, secret, body) },
      body,
    });
    return (await response.json()) as { data?: Record<string, Json>; errors?: unknown[] };
  };
  const publishAuthEvent = async (type: string, data: { userId: number } & Record<string, unknown>) => {
    const event: IntegrationEvent = { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), aggregateId: String(data.userId), data, metadata: {} };
    await adapters.bus.publish(Topics.auth, [{ key: event.aggregateId, event }]);
  };
  return {
    adapters,
    graphql,
    publishAuthEvent,
    stop: async () => {
      await service.stop();
      await own.close();
    },
  };
}

const storages = personalDataStorages('profile');
const FIELDS = 'gender bio kinks interests location latitude longitude timeZone lastSeen';

describe.each(storages)('erasure of a profile in the $name', (kind) => {
  afterAll(() => kind.close());

  it('leaves no personal data in the stored bytes, and a restart brings none back', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nocturne-profile-erasure-'));
    const tag = uniqueSuffix().replace(/[^a-z0-9]/gi, '').slice(-8);
    const userId = 7000 + Math.floor(Math.random() * 1000);
    const name = `Selene Moonwhisper${tag}`;
    const bio = `Counting comets from the rooftop ${tag}`;
    const place = `Rooftop above Kreuzberg ${tag}`;
    const [latitude, longitude] = [52.512345, 13.389876];
    const personal = [name, bio, place, String(latitude), String(longitude), 'Rope Play', 'Astronomy', 'Europe/Berlin'];

    const first = await startProfile(dataDir, await kind.open());
    await first.publishAuthEvent('UserRegistered', { userId, username: `selene${tag}`, name, age: 31, registeredAt: new Date().toISOString() });
    await eventually(async () => expect((await first.graphql(userId, `{ _entities(representations: [{ __typename: "User", id: ${userId} }]) { ... on User { lastSeen } } }`)).data?._entities[0].lastSeen).not.toBeNull());
    const onboarded = await first.graphql(userId, 'mutation ($input: OnboardingInput!) { completeOnboarding(input: $input) { bio } }', {
      input: { gender: 'Female', kinks: ['Rope Play'], interests: ['Astronomy'], bio },
    });
    expect(onboarded.errors).toBeUndefined();
    const located = await first.graphql(userId, 'mutation ($latitude: Float, $longitude: Float, $location: String) { updateLocation(latitude: $latitude, longitude: $longitude, location: $location) { location } }', {
      latitude,
      longitude,
      location: place,
    });
    expect(located.errors).toBeUndefined();
    expect((await first.graphql(userId, 'mutation { setTimeZone(zone: "Europe/Berlin") { timeZone } }')).errors).toBeUndefined();

    // Encrypted at rest from the start, not only after the deletion.
    const beforeDeletion = await kind.raw(dataDir);
    for (const value of personal) expect(beforeDeletion).not.toContain(value);

    await first.publishAuthEvent('UserDeleted', { userId, deletedAt: new Date().toISOString() });
    await eventually(async () => expect(await first.adapters.readModels.collection('profiles').get(String(userId))).toEqual({ _id: String(userId), erased: true, version: expect.any(Number) }));
    await first.stop();

    const afterDeletion = await kind.raw(dataDir);
    for (const value of personal) expect(afterDeletion).not.toContain(value);

    const secondStorage = await kind.open();
    const second = await startProfile(dataDir, secondStorage);
    try {
      expect(await second.adapters.readModels.collection('profiles').get(String(userId))).toEqual({ _id: String(userId), erased: true, version: expect.any(Number) });
      const view = await second.graphql(userId, `{ _entities(representations: [{ __typename: "User", id: ${userId} }]) { ... on User { ${FIELDS} } } }`);
      expect(view.data?._entities[0]).toEqual({ gender: null, bio: null, kinks: [], interests: [], location: null, latitude: null, longitude: null, timeZone: null, lastSeen: null });

      const replayed = await protectPersonalData(second.adapters.eventStore, second.adapters.personalData, profilePersonalData).readStream(`profile-${userId}`);
      expect(replayed.map((event) => event.type)).toEqual(['ProfileCreated', 'OnboardingCompleted', 'LocationUpdated', 'TimeZoneSet', 'ProfileErased']);
      expect(JSON.stringify(replayed)).not.toMatch(/Selene|comets|Kreuzberg|52\.51|13\.38|Berlin/);
      expect(replayed[2]!.data).toMatchObject({ userId, latitude: null, longitude: null, location: null });

      // A late copy of the registration does not bring the profile back.
      await second.publishAuthEvent('UserRegistered', { userId, username: `selene${tag}`, name, age: 31, registeredAt: new Date().toISOString() });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await second.adapters.readModels.collection('profiles').get(String(userId))).toEqual({ _id: String(userId), erased: true, version: expect.any(Number) });
    } finally {
      await second.stop();
    }
    const afterRestart = await kind.raw(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    for (const value of personal) expect(afterRestart).not.toContain(value);
  });
});
