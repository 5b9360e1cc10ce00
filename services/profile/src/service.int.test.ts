import { deflateSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { AuthEvents, LocationUpdatedV1, ProfileEvents, ProfileMessages, Topics, type IntegrationEvent } from '@nocturne/contracts';
import { createAdapters, type Adapters } from '@nocturne/platform/adapters';
import { INTERNAL_CONTEXT_HEADER, signGraphqlRequest, signInternalContext, STREAMED_BODY } from '@nocturne/platform/http';
import type { ServiceInstance } from '@nocturne/platform/kit';
import { createLogger } from '@nocturne/platform/logging';
import type { DeliveredMessage } from '@nocturne/platform/ports';
import { openPublishedPersonalData } from '@nocturne/platform/privacy';
import { eventually, multipartFile, streamingUpload } from '@nocturne/platform/testing';
import { defaultProfileConfig, type ProfileConfig } from './config';
import { profileService } from './service';

const secret = 'profile-int-test-secret';
const logger = createLogger('profile', { env: { LOG_LEVEL: 'silent' } });

/** Answers are read loosely, the way JSON.parse gives them. */
type Json = ReturnType<typeof JSON.parse>;

interface GraphQLAnswer {
  data?: Record<string, Json> | null;
  errors?: Array<{ message: string; extensions?: { code?: string; field?: string } }>;
}

/** A small PNG whose header claims `width` x `height` pixels (its data is a single empty row). */
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(width + 1))), chunk('IEND', Buffer.alloc(0))]);
}

class Harness {
  adapters!: Adapters;
  service!: ServiceInstance;
  base!: string;

  constructor(
    readonly dataDir: string,
    private readonly config: Partial<ProfileConfig> = {},
  ) {}

  async start() {
    this.adapters = await createAdapters({ service: 'profile', dataDir: this.dataDir, env: {}, logger });
    this.service = profileService.create({ adapters: this.adapters, config: { ...defaultProfileConfig, port: 0, internalSecret: secret, ...this.config }, logger });
    const { url } = await this.service.start();
    this.base = url.replace(/\/graphql$/, '');
  }

  async stop() {
    await this.service.stop();
    await this.adapters.close();
  }

  /** The gateway's header for a media request: `path` under the service's `/media` path space. */
  mediaHeaders(method: 'GET' | 'POST', path: string, uid?: number): Record<string, string> {
    return { [INTERNAL_CONTEXT_HEADER]: signInternalContext({ ip: '127.0.0.1', ...(uid !== undefined && { uid }) }, secret, { method, path: `/media${path}`, body: STREAMED_BODY }) };
  }

  async graphql(uid: number | undefined, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLAnswer> {
    const body = JSON.stringify({ query, variables });
    const response = await fetch(`${this.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INTERNAL_CONTEXT_HEADER]: signGraphqlRequest({ ip: '127.0.0.1', ...(uid !== undefined && { uid }) }, secret, body) },
      body,
    });
    return (await response.json()) as GraphQLAnswer;
  }

  async user(viewer: number | undefined, id: number, fields = profileFields) {
    const answer = await this.graphql(viewer, `query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on User { ${fields} } } }`, {
      representations: [{ __typename: 'User', id }],
    });
    expect(answer.errors).toBeUndefined();
    return answer.data!._entities[0] as Record<string, Json>;
  }

  async publishAuthEvent(type: keyof typeof AuthEvents, data: Record<string, unknown>) {
    const event: IntegrationEvent = { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), aggregateId: String(data.userId), data, metadata: {} };
    await this.adapters.bus.publish(Topics.auth, [{ key: event.aggregateId, event }]);
    return event;
  }

  async register(userId: number, name = `User ${userId}`) {
    await this.publishAuthEvent('UserRegistered', { userId, username: `user${userId}`, name, age: 30, registeredAt: new Date().toISOString() });
    await eventually(async () => expect((await this.user(userId, userId, 'lastSeen')).lastSeen).not.toBeNull());
  }

  async upload(uid: number | undefined, files: Array<{ data: Buffer; name: string; type: string }>) {
    const form = new FormData();
    for (const file of files) form.append('photos', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    const response = await fetch(`${this.base}/media/photos`, { method: 'POST', headers: this.mediaHeaders('POST', '/photos', uid), body: form });
    return { status: response.status, body: (await response.json()) as Json, retryAfter: response.headers.get('retry-after') };
  }

  get(path: string, uid?: number) {
    return fetch(`${this.base}/media${path}`, { headers: this.mediaHeaders('GET', path, uid) });
  }
}

const profileFields =
  'id gender bio photos { id url thumbnailUrl } avatarUrl kinks interests lastSeen location latitude longitude isVerified onboardingCompleted notificationPreferences { matches messages likes marketing } timeZone';

const COMPLETE_ONBOARDING = `mutation ($input: OnboardingInput!, $userId: Int) { completeOnboarding(input: $input, userId: $userId) { ${profileFields} } }`;
const UPDATE_PROFILE = `mutation ($input: ProfileInput!, $userId: Int) { updateProfile(input: $input, userId: $userId) { ${profileFields} } }`;
const UPDATE_LOCATION = `mutation ($latitude: Float, $longitude: Float, $location: String, $userId: Int) { updateLocation(latitude: $latitude, longitude: $longitude, location: $location, userId: $userId) { ${profileFields} } }`;
const REMOVE_PHOTO = `mutation ($id: ID!) { removePhoto(id: $id) { photos { id } } }`;

/** A JPEG as a phone writes it: sideways with an orientation tag, GPS position, camera make and an ICC profile. */
async function phoneJpeg(width = 2400, height = 1600) {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 120 } } })
    .jpeg({ quality: 90 })
    .withIccProfile('p3')
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'NightPhone', Model: 'X', Copyright: 'someone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 1799/100' },
    })
    .toBuffer();
}
const png = () => sharp({ create: { width: 640, height: 480, channels: 4, background: { r: 20, g: 10, b: 60, alpha: 1 } } }).png().toBuffer();

describe('profile service', () => {
  let dataDir: string;
  let harness: Harness;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nocturne-profile-'));
    harness = new Harness(dataDir);
    await harness.start();
  });

  afterAll(async () => {
    await harness.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 401 without the signed internal context', async () => {
    const response = await fetch(`${harness.base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ catalogues { genders } }' }) });
    expect(response.status).toBe(401);
  });

  it('serves the one catalogue of kinks, interests and genders', async () => {
    const answer = await harness.graphql(undefined, '{ catalogues { kinks interests genders } }');
    expect(answer.data!.catalogues.genders).toEqual(['Male', 'Female', 'Other']);
    expect(answer.data!.catalogues.kinks).toHaveLength(31);
    expect(answer.data!.catalogues.kinks).toContain('Role Play');
    expect(answer.data!.catalogues.kinks).not.toContain('Role Playing');
    expect(answer.data!.catalogues.interests).toHaveLength(28);
  });

  it('creates a profile with the defaults when UserRegistered is published', async () => {
    await harness.register(101, 'Luna Night');
    const profile = await harness.user(101, 101);
    expect(profile).toMatchObject({
      id: 101,
      gender: null,
      bio: null,
      photos: [],
      avatarUrl: '/api/avatars/101',
      kinks: [],
      interests: [],
      isVerified: false,
      onboardingCompleted: false,
      location: null,
      notificationPreferences: { matches: true, messages: true, likes: false, marketing: false },
      timeZone: null,
    });
  });

  it('ignores a redelivered UserRegistered', async () => {
    const before = await harness.adapters.eventStore.readStream('profile-101');
    await harness.publishAuthEvent('UserRegistered', { userId: 101, username: 'user101', name: 'Luna Night', age: 30, registeredAt: new Date().toISOString() });
    await harness.register(150);
    expect(await harness.adapters.eventStore.readStream('profile-101')).toHaveLength(before.length);
  });

  it('completes onboarding, and Skip defaults the gender to Other', async () => {
    const answer = await harness.graphql(101, COMPLETE_ONBOARDING, { input: { gender: 'Female', kinks: ['Rope Play', 'Role Playing'], interests: ['Astronomy', 'Beach'], bio: 'Awake at 3am' } });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.completeOnboarding).toMatchObject({ gender: 'Female', kinks: ['Rope Play', 'Role Play'], interests: ['Astronomy', 'Beach'], bio: 'Awake at 3am', onboardingCompleted: true });

    await harness.register(102);
    const skipped = await harness.graphql(102, COMPLETE_ONBOARDING, { input: {} });
    expect(skipped.data!.completeOnboarding).toMatchObject({ gender: 'Other', onboardingCompleted: true, kinks: [], bio: null });
  });

  it('rejects values outside the catalogues with BAD_USER_INPUT naming the field', async () => {
    const answer = await harness.graphql(101, COMPLETE_ONBOARDING, { input: { gender: 'Female', kinks: ['Knitting'] } });
    expect(answer.errors![0]).toMatchObject({ message: ProfileMessages.kinks, extensions: { code: 'BAD_USER_INPUT', field: 'kinks' } });
    const bio = await harness.graphql(101, UPDATE_PROFILE, { input: { gender: 'Female', bio: 'x'.repeat(501), kinks: [], interests: [] } });
    expect(bio.errors![0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'bio' } });
  });

  it('updates the profile', async () => {
    const answer = await harness.graphql(101, UPDATE_PROFILE, { input: { gender: 'Other', bio: 'Moon child', kinks: ['Sensory Deprivation'], interests: ['Writing'] }, userId: 101 });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.updateProfile).toMatchObject({ gender: 'Other', bio: 'Moon child', kinks: ['Sensory Deprivation'], interests: ['Writing'] });
    expect(await harness.user(101, 101, 'bio')).toEqual({ bio: 'Moon child' });
  });

  it("refuses to change another user's profile with FORBIDDEN and changes nothing", async () => {
    const before = await harness.user(102, 102);
    const streamBefore = await harness.adapters.eventStore.readStream('profile-102');
    const attempts = [
      await harness.graphql(101, UPDATE_PROFILE, { input: { gender: 'Male', bio: 'hijacked', kinks: [], interests: [] }, userId: 102 }),
      await harness.graphql(101, COMPLETE_ONBOARDING, { input: { gender: 'Male' }, userId: 102 }),
      await harness.graphql(101, UPDATE_LOCATION, { latitude: 1, longitude: 1, userId: 102 }),
    ];
    for (const answer of attempts) expect(answer.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    expect(await harness.user(102, 102)).toEqual(before);
    expect(await harness.adapters.eventStore.readStream('profile-102')).toHaveLength(streamBefore.length);
  });

  it('requires a signed-in user for writes', async () => {
    const answer = await harness.graphql(undefined, UPDATE_LOCATION, { latitude: 1, longitude: 1 });
    expect(answer.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('shows the exact location to its owner only, and publishes only a ~1 km cell', async () => {
    const answer = await harness.graphql(101, UPDATE_LOCATION, { latitude: 52.520008, longitude: 13.404954, location: '52.520008, 13.404954' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.updateLocation).toMatchObject({ latitude: 52.520008, longitude: 13.404954, location: '52.520008, 13.404954' });

    const seenByOther = await harness.user(102, 101);
    expect(seenByOther).toMatchObject({ location: null, latitude: null, longitude: null, notificationPreferences: null, timeZone: null });

    const bad = await harness.graphql(101, UPDATE_LOCATION, { latitude: 91, longitude: 0 });
    expect(bad.errors![0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'latitude' } });

    const published: DeliveredMessage[] = [];
    const consumer = await harness.adapters.bus.subscribe({ groupId: `test-${randomUUID()}`, topics: [Topics.profile], handler: async (message) => void published.push(message) });
    try {
      const location = await eventually(() => {
        const found = published.find((message) => message.event.type === 'LocationUpdated' && message.key === '101');
        expect(found).toBeDefined();
        return found!;
      });
      expect(JSON.stringify(location.event)).not.toContain('52.520008');
      expect(JSON.stringify(location.event)).not.toContain('13.404954');
      // Even the cell is sealed on the bus; consumers open it with the published key.
      expect(JSON.stringify(location.event.data)).not.toMatch(/"latitude"|"cell"/);
      const opened = await openPublishedPersonalData(location.event, harness.adapters.publishedPersonalData);
      const data = LocationUpdatedV1.strict().parse(opened.event.data);
      expect(data.userId).toBe(101);
      expect(Math.abs(data.latitude - 52.520008)).toBeLessThan(0.01);
      expect(published.some((message) => message.event.type === 'OnboardingCompleted' && message.key === '101')).toBe(true);
    } finally {
      await consumer.stop();
    }
  });

  it('stores notification preferences and the time zone for their owner', async () => {
    const preferences = await harness.graphql(101, 'mutation { updateNotificationPreferences(input: { matches: false, messages: true, likes: true, marketing: false }) { notificationPreferences { matches messages likes marketing } } }');
    expect(preferences.data!.updateNotificationPreferences.notificationPreferences).toEqual({ matches: false, messages: true, likes: true, marketing: false });
    const zone = await harness.graphql(101, 'mutation { setTimeZone(zone: "Europe/Berlin") { timeZone } }');
    expect(zone.data!.setTimeZone.timeZone).toBe('Europe/Berlin');
    const badZone = await harness.graphql(101, 'mutation { setTimeZone(zone: "Moon/Dark_Side") { timeZone } }');
    expect(badZone.errors![0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'timeZone' } });
  });

  it('shows everyone the city a person chose, never their place text, and publishes only the city', async () => {
    await harness.register(190);
    await harness.register(191);
    expect((await harness.graphql(190, UPDATE_LOCATION, { latitude: 48.8566, longitude: 2.3522, location: '12 Rue de Rivoli' })).errors).toBeUndefined();
    expect(await harness.user(191, 190, 'location publicCity')).toEqual({ location: null, publicCity: null });
    const chosen = await harness.graphql(190, 'mutation ($city: String) { setPublicCity(city: $city) { publicCity location } }', { city: ' Paris ' });
    expect(chosen.data!.setPublicCity).toEqual({ publicCity: 'Paris', location: '12 Rue de Rivoli' });
    expect(await harness.user(191, 190, 'location publicCity')).toEqual({ location: null, publicCity: 'Paris' });
    const bad = await harness.graphql(190, 'mutation ($city: String) { setPublicCity(city: $city) { publicCity } }', { city: '48.85, 2.35' });
    expect(bad.errors![0]).toMatchObject({ message: ProfileMessages.publicCity, extensions: { code: 'BAD_USER_INPUT', field: 'city' } });
    expect(await harness.user(191, 190, 'publicCity')).toEqual({ publicCity: 'Paris' });

    const published: DeliveredMessage[] = [];
    const consumer = await harness.adapters.bus.subscribe({ groupId: `test-${randomUUID()}`, topics: [Topics.profile], handler: async (message) => void published.push(message) });
    try {
      const found = await eventually(() => {
        const message = published.find((candidate) => candidate.event.type === 'PublicCityChanged' && candidate.key === '190');
        expect(message).toBeDefined();
        return message!;
      });
      expect(JSON.stringify(found.event.data)).not.toContain('Paris');
      const opened = await openPublishedPersonalData(found.event, harness.adapters.publishedPersonalData);
      expect(ProfileEvents.PublicCityChanged.schema.strict().parse(opened.event.data)).toMatchObject({ userId: 190, city: 'Paris' });
      expect(JSON.stringify(published.filter((message) => message.key === '190').map((message) => message.event))).not.toContain('Rivoli');
    } finally {
      await consumer.stop();
    }
    expect((await harness.graphql(190, 'mutation { setPublicCity(city: null) { publicCity } }')).data!.setPublicCity).toEqual({ publicCity: null });
  });

  describe('who may see whom through _entities', () => {
    const entities = (viewer: number | undefined, id: number) =>
      harness.graphql(viewer, 'query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on User { id bio kinks gender } } }', {
        representations: [{ __typename: 'User', id }],
      });

    it('shows nobody to a signed-out caller', async () => {
      await harness.register(170);
      const answer = await entities(undefined, 170);
      expect(answer.errors?.[0]).toMatchObject({ message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } });
      expect(JSON.stringify(answer.data ?? null)).not.toContain('"gender":"');
    });

    it('answers the same blank profile for someone who never existed and for a blocked person, both ways', async () => {
      await harness.register(171);
      await harness.register(172);
      expect((await harness.graphql(172, COMPLETE_ONBOARDING, { input: { gender: 'Female', kinks: ['Praise'], interests: ['Wine'], bio: 'Blocked soon' } })).errors).toBeUndefined();
      expect(await harness.user(171, 172, 'bio kinks')).toEqual({ bio: 'Blocked soon', kinks: ['Praise'] });
      const blocked: IntegrationEvent = {
        id: randomUUID(),
        type: 'PersonBlocked',
        version: 1,
        occurredAt: new Date().toISOString(),
        aggregateId: '171:172',
        data: { blockerId: 171, blockedId: 172, blockedAt: new Date().toISOString() },
        metadata: {},
      };
      await harness.adapters.bus.publish(Topics.swipe, [{ key: blocked.aggregateId, event: blocked }]);
      await eventually(async () => expect(await harness.user(171, 172, 'bio kinks gender')).toEqual({ bio: null, kinks: [], gender: null }));
      expect(await harness.user(171, 999_171, 'bio kinks gender')).toEqual({ bio: null, kinks: [], gender: null });
      expect(await harness.user(172, 171, 'bio kinks gender')).toEqual({ bio: null, kinks: [], gender: null });
      // The owner still sees their own profile.
      expect(await harness.user(172, 172, 'bio')).toEqual({ bio: 'Blocked soon' });
      expect((await harness.get('/avatars/172', 171)).status).toBe(404);
      expect((await harness.get('/avatars/999171', 171)).status).toBe(404);
    });
  });

  describe('kinks shown by mutual consent', () => {
    const SET_KINK_VISIBILITY = 'mutation ($input: KinkVisibilityInput!) { setKinkVisibility(input: $input) { kinks kinkVisibility { audience perKink { kink audience } } } }';
    const kinksOf = (viewer: number, ids: number[]) =>
      harness.graphql(viewer, 'query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on User { id kinks kinkVisibility { audience } } } }', {
        representations: ids.map((id) => ({ __typename: 'User', id })),
      });

    it('shows a hidden kink only to viewers who have it, on every path through _entities', async () => {
      for (const id of [180, 181, 182, 183]) await harness.register(id);
      const onboard = async (id: number, kinks: string[]) => expect((await harness.graphql(id, COMPLETE_ONBOARDING, { input: { gender: 'Female', kinks, interests: ['Wine'] } })).errors).toBeUndefined();
      await onboard(180, ['Rope Play', 'Praise', 'Brat']);
      await onboard(181, ['Rope Play']);
      await onboard(182, ['Switch']);
      await onboard(183, ['Brat', 'Praise']);

      const set = await harness.graphql(180, SET_KINK_VISIBILITY, { input: { audience: 'EVERYONE', perKink: [{ kink: 'Rope Play', audience: 'SHARERS' }] } });
      expect(set.errors).toBeUndefined();
      expect(set.data!.setKinkVisibility).toEqual({ kinks: ['Rope Play', 'Praise', 'Brat'], kinkVisibility: { audience: 'EVERYONE', perKink: [{ kink: 'Rope Play', audience: 'SHARERS' }] } });
      expect(await harness.user(181, 180, 'kinks kinkVisibility { audience }')).toEqual({ kinks: ['Rope Play', 'Praise', 'Brat'], kinkVisibility: null });
      expect(await harness.user(182, 180, 'kinks')).toEqual({ kinks: ['Praise', 'Brat'] });

      // All of them for sharers only, but Praise for everyone; one request resolving several people.
      expect((await harness.graphql(180, SET_KINK_VISIBILITY, { input: { audience: 'SHARERS', perKink: [{ kink: 'Praise', audience: 'EVERYONE' }] } })).errors).toBeUndefined();
      const seen = await kinksOf(183, [180, 181, 182]);
      expect(seen.errors).toBeUndefined();
      expect(seen.data!._entities).toEqual([
        { id: 180, kinks: ['Praise', 'Brat'], kinkVisibility: null },
        { id: 181, kinks: ['Rope Play'], kinkVisibility: null },
        { id: 182, kinks: ['Switch'], kinkVisibility: null },
      ]);
      expect(await harness.user(182, 180, 'kinks')).toEqual({ kinks: ['Praise'] });
      expect(await harness.user(180, 180, 'kinks')).toEqual({ kinks: ['Rope Play', 'Praise', 'Brat'] });
    });

    it('refuses a bad choice with BAD_USER_INPUT and keeps the one before', async () => {
      await harness.register(184);
      const keep = await harness.graphql(184, SET_KINK_VISIBILITY, { input: { audience: 'EVERYONE', perKink: [{ kink: 'Brat', audience: 'SHARERS' }] } });
      expect(keep.errors).toBeUndefined();
      const unknown = await harness.graphql(184, SET_KINK_VISIBILITY, { input: { audience: 'SHARERS', perKink: [{ kink: 'Knitting', audience: 'SHARERS' }] } });
      expect(unknown.errors![0]).toMatchObject({ message: ProfileMessages.kinks, extensions: { code: 'BAD_USER_INPUT' } });
      const twice = await harness.graphql(184, SET_KINK_VISIBILITY, { input: { audience: 'SHARERS', perKink: [{ kink: 'Brat', audience: 'SHARERS' }, { kink: 'Brat', audience: 'EVERYONE' }] } });
      expect(twice.errors![0]).toMatchObject({ message: ProfileMessages.kinkVisibilityDuplicate, extensions: { code: 'BAD_USER_INPUT', field: 'perKink' } });
      expect(await harness.user(184, 184, 'kinkVisibility { audience perKink { kink audience } }')).toEqual({ kinkVisibility: { audience: 'EVERYONE', perKink: [{ kink: 'Brat', audience: 'SHARERS' }] } });
      expect((await harness.graphql(undefined, SET_KINK_VISIBILITY, { input: { audience: 'SHARERS' } })).errors![0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    });

    it('publishes the choice sealed, for the swipe service to honour in its filters', async () => {
      const published: DeliveredMessage[] = [];
      const consumer = await harness.adapters.bus.subscribe({ groupId: `test-${randomUUID()}`, topics: [Topics.profile], handler: async (message) => void published.push(message) });
      try {
        const found = await eventually(() => {
          const message = published.find((candidate) => candidate.event.type === 'KinkVisibilityChanged' && candidate.key === '184');
          expect(message).toBeDefined();
          return message!;
        });
        expect(JSON.stringify(found.event.data)).not.toContain('Brat');
        const opened = await openPublishedPersonalData(found.event, harness.adapters.publishedPersonalData);
        expect(ProfileEvents.KinkVisibilityChanged.schema.strict().parse(opened.event.data)).toMatchObject({ userId: 184, audience: 'everyone', perKink: [{ kink: 'Brat', audience: 'sharers' }] });
      } finally {
        await consumer.stop();
      }
    });
  });

  describe('photos', () => {
    it('re-encodes uploads without any metadata, upright and resized', async () => {
      const jpeg = await phoneJpeg();
      const original = await sharp(jpeg).metadata();
      expect(original.exif).toBeDefined();
      expect(original.exif!.includes(Buffer.from('NightPhone'))).toBe(true);
      expect(original.icc).toBeDefined();

      const { status, body } = await harness.upload(101, [
        { data: jpeg, name: 'IMG_0001.jpg', type: 'image/jpeg' },
        { data: await png(), name: 'night.png', type: 'image/png' },
      ]);
      expect(status).toBe(201);
      expect(body.added).toHaveLength(2);
      expect(body.photos).toHaveLength(2);

      const [fromJpeg, fromPng] = body.added as Array<{ id: string; url: string; thumbnailUrl: string }>;
      expect(fromJpeg!.url).toBe(`/api/photos/${fromJpeg!.id}/display`);
      const display = await harness.get(`/photos/${fromJpeg!.id}/display`, 102);
      expect(display.status).toBe(200);
      expect(display.headers.get('content-type')).toBe('image/webp');
      expect(display.headers.get('x-content-type-options')).toBe('nosniff');
      expect(display.headers.get('cache-control')).toContain('immutable');
      const bytes = Buffer.from(await display.arrayBuffer());
      const stored = await sharp(bytes).metadata();
      expect(stored.format).toBe('webp');
      expect(stored.exif).toBeUndefined();
      expect(stored.icc).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.iptc).toBeUndefined();
      expect(bytes.includes(Buffer.from('NightPhone'))).toBe(false);
      // 2400x1600 turned upright by its orientation tag, then fitted into 1080 px.
      expect({ width: stored.width, height: stored.height }).toEqual({ width: 720, height: 1080 });

      const thumb = await sharp(Buffer.from(await (await harness.get(`/photos/${fromPng!.id}/thumb`, 101)).arrayBuffer())).metadata();
      expect({ width: thumb.width, height: thumb.height, exif: thumb.exif, icc: thumb.icc }).toEqual({ width: 320, height: 320, exif: undefined, icc: undefined });

      const profile = await harness.user(101, 101, 'photos { id } avatarUrl');
      expect(profile.photos.map((photo: { id: string }) => photo.id)).toEqual([fromJpeg!.id, fromPng!.id]);
      expect(profile.avatarUrl).toBe(fromJpeg!.thumbnailUrl);
    });

    it('rejects a text file named .jpg by its content', async () => {
      const { status, body } = await harness.upload(101, [{ data: Buffer.from('definitely not a picture'), name: 'selfie.jpg', type: 'image/jpeg' }]);
      expect(status).toBe(400);
      expect(body).toEqual({ error: ProfileMessages.photoType, field: 'photos' });
    });

    it('rejects a file over 10 MB', async () => {
      const big = Buffer.alloc(10 * 1024 * 1024 + 1024, 7);
      big.set([0xff, 0xd8, 0xff, 0xe0]);
      const { status, body } = await harness.upload(101, [{ data: big, name: 'huge.jpg', type: 'image/jpeg' }]);
      expect(status).toBe(413);
      expect(body).toEqual({ error: ProfileMessages.photoTooLarge, field: 'photos' });
    });

    it('rejects an image that claims too many pixels (decompression bomb)', async () => {
      const bomb = pngClaiming(10_000, 10_000);
      const { status, body } = await harness.upload(101, [{ data: bomb, name: 'bomb.png', type: 'image/png' }]);
      expect(status).toBe(400);
      expect(body.field).toBe('photos');
    });

    it('refuses a 7th photo', async () => {
      const image = await png();
      const four = Array.from({ length: 4 }, (_, index) => ({ data: image, name: `p${index}.png`, type: 'image/png' }));
      expect((await harness.upload(101, four)).status).toBe(201);
      const seventh = await harness.upload(101, [{ data: image, name: 'p7.png', type: 'image/png' }]);
      expect(seventh.status).toBe(400);
      expect(seventh.body).toEqual({ error: ProfileMessages.photos, field: 'photos' });
      expect((await harness.user(101, 101, 'photos { id }')).photos).toHaveLength(6);
    });

    it('refuses more than 6 files in one request', async () => {
      await harness.register(105);
      const image = await png();
      const seven = Array.from({ length: 7 }, (_, index) => ({ data: image, name: `p${index}.png`, type: 'image/png' }));
      const { status, body } = await harness.upload(105, seven);
      expect(status).toBe(400);
      expect(body).toEqual({ error: ProfileMessages.photos, field: 'photos' });
      expect((await harness.user(105, 105, 'photos { id }')).photos).toHaveLength(0);
    });

    it('never goes past 6 photos when uploads race', async () => {
      await harness.register(106);
      const image = await png();
      const four = () => Array.from({ length: 4 }, (_, index) => ({ data: image, name: `p${index}.png`, type: 'image/png' }));
      const photoFolders = async () => {
        const root = join(dataDir, 'profile', 'blobs', 'photos');
        const folders = await readdir(root).catch(() => [] as string[]);
        const filled = await Promise.all(folders.map(async (folder) => ((await readdir(join(root, folder))).length > 0 ? [folder] : [])));
        return filled.flat();
      };
      const before = await photoFolders();
      const results = await Promise.all([harness.upload(106, four()), harness.upload(106, four())]);
      expect(results.some((result) => result.status === 400)).toBe(true);
      const photos = (await harness.user(106, 106, 'photos { id }')).photos as Array<{ id: string }>;
      expect(photos).toHaveLength(6);
      // Files of the photos that were refused are gone again.
      expect((await photoFolders()).length - before.length).toBe(6);
      for (const photo of photos) expect((await harness.get(`/photos/${photo.id}/thumb`, 106)).status).toBe(200);
    });

    it('needs a signed-in user to upload or see photos', async () => {
      const { status } = await harness.upload(undefined, [{ data: await png(), name: 'a.png', type: 'image/png' }]);
      expect(status).toBe(401);
      const [photo] = (await harness.user(101, 101, 'photos { id }')).photos;
      expect((await harness.get(`/photos/${photo.id}/display`)).status).toBe(401);
    });

    it('stops serving a removed photo and deletes its files', async () => {
      const [first, second] = (await harness.user(101, 101, 'photos { id }')).photos as Array<{ id: string }>;
      const forbidden = await harness.graphql(102, REMOVE_PHOTO, { id: first!.id });
      expect(forbidden.errors![0]!.extensions!.code).toBe('FORBIDDEN');

      const removed = await harness.graphql(101, REMOVE_PHOTO, { id: first!.id });
      expect(removed.errors).toBeUndefined();
      expect(removed.data!.removePhoto.photos.map((photo: { id: string }) => photo.id)).not.toContain(first!.id);
      expect((await harness.get(`/photos/${first!.id}/display`, 101)).status).toBe(404);
      expect(await harness.adapters.blobs.get(`photos/${first!.id}/display`)).toBeNull();
      expect((await harness.get(`/photos/${second!.id}/display`, 101)).status).toBe(200);
    });

    it('reorders photos and drops those left out on a profile update', async () => {
      const ids = ((await harness.user(101, 101, 'photos { id }')).photos as Array<{ id: string }>).map((photo) => photo.id);
      const kept = [ids[2]!, `/api/photos/${ids[0]}/display`];
      const answer = await harness.graphql(101, UPDATE_PROFILE, { input: { gender: 'Other', kinks: [], interests: [], photos: kept } });
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.updateProfile.photos.map((photo: { id: string }) => photo.id)).toEqual([ids[2], ids[0]]);
      expect((await harness.get(`/photos/${ids[1]}/display`, 101)).status).toBe(404);
    });
  });

  describe('generated images', () => {
    it('serves placeholders of bounded size', async () => {
      const response = await harness.get('/placeholder/300/200');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/svg+xml');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).toContain('width="300" height="200"');
      expect((await harness.get('/placeholder/0/200')).status).toBe(400);
      expect((await harness.get('/placeholder/5000/200')).status).toBe(400);
    });

    it('draws an initials avatar for a profile without photos, shown to others once it is onboarded', async () => {
      await harness.register(103, 'Selene Moon');
      expect((await harness.user(103, 103, 'avatarUrl')).avatarUrl).toBe('/api/avatars/103');
      expect((await harness.get('/avatars/103', 103)).status).toBe(200);
      expect((await harness.get('/avatars/103', 101)).status).toBe(404);
      expect((await harness.graphql(103, COMPLETE_ONBOARDING, { input: { gender: 'Female' } })).errors).toBeUndefined();
      const response = await harness.get('/avatars/103', 101);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('>SM</text>');
    });
  });

  it('erases the profile and its photos on UserDeleted', async () => {
    await harness.register(104);
    const { body } = await harness.upload(104, [{ data: await png(), name: 'me.png', type: 'image/png' }]);
    const photoId = body.added[0].id as string;
    await harness.graphql(104, UPDATE_LOCATION, { latitude: 10, longitude: 10 });

    const published: DeliveredMessage[] = [];
    const consumer = await harness.adapters.bus.subscribe({ groupId: `test-${randomUUID()}`, topics: [Topics.profile], handler: async (message) => void published.push(message) });
    await harness.publishAuthEvent('UserDeleted', { userId: 104, deletedAt: new Date().toISOString() });
    await eventually(async () => expect((await harness.get(`/photos/${photoId}/display`, 101)).status).toBe(404));
    await eventually(() => expect(published.find((message) => message.event.type === 'ProfileErased' && message.key === '104')).toBeDefined());
    await consumer.stop();
    expect(await harness.adapters.blobs.get(`photos/${photoId}/display`)).toBeNull();
    expect(await harness.adapters.blobs.get(`photos/${photoId}/thumb`)).toBeNull();
    // A tombstone without personal data keeps a replay from bringing the profile back.
    expect(await harness.adapters.readModels.collection('profiles').get('104')).toEqual({ _id: '104', erased: true, version: expect.any(Number) });
    expect(await harness.user(104, 104, 'gender photos { id } location latitude lastSeen')).toEqual({ gender: null, photos: [], location: null, latitude: null, lastSeen: null });

    const late = await harness.graphql(104, UPDATE_LOCATION, { latitude: 1, longitude: 1 });
    expect(late.errors![0]!.extensions!.code).toBe('NOT_FOUND');
  });

  it('keeps profiles across a restart on the same data directory', async () => {
    const before = await harness.user(101, 101);
    await harness.stop();
    harness = new Harness(dataDir);
    await harness.start();
    expect(await harness.user(101, 101)).toEqual(before);
    const [photo] = before.photos as Array<{ id: string }>;
    expect((await harness.get(`/photos/${photo!.id}/display`, 102)).status).toBe(200);
    // A tombstone without personal data keeps a replay from bringing the profile back.
    expect(await harness.adapters.readModels.collection('profiles').get('104')).toEqual({ _id: '104', erased: true, version: expect.any(Number) });
  });
});

describe('blurred copies (an earlier version made one of each photo for the free plan\'s likes)', () => {
  let dataDir: string;
  let harness: Harness;
  let published: DeliveredMessage[];
  let consumer: { stop(): Promise<void> } | undefined;

  const watch = async () => {
    published = [];
    consumer = await harness.adapters.bus.subscribe({ groupId: `test-${randomUUID()}`, topics: [Topics.profile], handler: async (message) => void published.push(message) });
  };
  /** The photo events published about `userId`, opened as every consumer opens them. */
  const publishedPhotoEvents = async (userId: number) =>
    Promise.all(
      published
        .filter((message) => message.event.type === 'ProfilePhotosChanged' && message.key === String(userId))
        .map(async (message) => (await openPublishedPersonalData(message.event, harness.adapters.publishedPersonalData)).event.data as Record<string, unknown>),
    );
  const file = async () => ({ data: await sharp({ create: { width: 96, height: 128, channels: 3, background: { r: 200, g: 30, b: 90 } } }).webp().toBuffer(), contentType: 'image/webp' });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nocturne-profile-blurred-'));
    harness = new Harness(dataDir);
    await harness.start();
  });

  afterEach(async () => {
    await consumer?.stop();
    consumer = undefined;
  });

  afterAll(async () => {
    await harness.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('makes none of an upload, and publishes no blurred picture', async () => {
    await harness.register(301);
    await watch();
    const upload = await harness.upload(301, [{ data: await png(), name: 'me.png', type: 'image/png' }]);
    expect(upload.status).toBe(201);
    const photoId = upload.body.added[0].id as string;
    await eventually(async () => expect(await publishedPhotoEvents(301)).toHaveLength(1));
    const [data] = await publishedPhotoEvents(301);
    expect(data).toEqual({ userId: 301, photos: [{ id: photoId, url: `/api/photos/${photoId}/display`, thumbnailUrl: `/api/photos/${photoId}/thumb` }], changedAt: expect.any(String) });
    const stored = (await harness.adapters.eventStore.readStream('profile-301')).find((event) => event.type === 'PhotoAdded')!;
    expect(Object.keys(stored.data as object).sort()).toEqual(['addedAt', 'personalData', 'userId']);
  });

  it("replays an earlier version's events, publishes none of its copies, and deletes their files with their photos", async () => {
    await harness.register(303);
    // As that version stored them: the files, a PhotoAdded with its copy, a copy made later for an older photo.
    const [first, second, firstCopy, secondCopy] = ['c', 'd', 'e', 'f'].map((digit) => digit.repeat(32)) as [string, string, string, string];
    for (const photoId of [first, second]) for (const size of ['display', 'thumb']) await harness.adapters.blobs.put(`photos/${photoId}/${size}`, await file());
    for (const copy of [firstCopy, secondCopy]) await harness.adapters.blobs.put(`blurred/${copy}`, await file());
    const at = new Date().toISOString();
    const version = (await harness.adapters.eventStore.readStream('profile-303')).length;
    await harness.adapters.eventStore.append(
      'profile-303',
      [
        { id: randomUUID(), type: 'PhotoAdded', occurredAt: at, data: { userId: 303, photoId: first, photoIds: [first], blurredId: firstCopy, coverBlurredId: firstCopy, addedAt: at } },
        { id: randomUUID(), type: 'PhotoAdded', occurredAt: at, data: { userId: 303, photoId: second, photoIds: [first, second], coverBlurredId: firstCopy, addedAt: at } },
        { id: randomUUID(), type: 'BlurredCopyMade', occurredAt: at, data: { userId: 303, photoId: second, blurredId: secondCopy, photoIds: [first, second], coverBlurredId: firstCopy, madeAt: at } },
      ],
      { expectedVersion: version },
    );
    await watch();
    await eventually(async () => expect((await harness.user(303, 303, 'photos { id }')).photos).toEqual([{ id: first }, { id: second }]));
    await eventually(async () => expect(await publishedPhotoEvents(303)).toHaveLength(2));
    expect(JSON.stringify(await publishedPhotoEvents(303))).not.toMatch(/blurred|eeee|ffff/i);

    // Each command folds the whole stream, these events included.
    expect((await harness.graphql(303, REMOVE_PHOTO, { id: first })).errors).toBeUndefined();
    expect(await harness.adapters.blobs.get(`blurred/${firstCopy}`)).toBeNull();
    expect(await harness.adapters.blobs.get(`blurred/${secondCopy}`)).not.toBeNull();
    await harness.publishAuthEvent('UserDeleted', { userId: 303, deletedAt: new Date().toISOString() });
    await eventually(async () => expect(await harness.adapters.blobs.get(`blurred/${secondCopy}`)).toBeNull());
    expect(await harness.adapters.blobs.get(`photos/${second}/thumb`)).toBeNull();
  });
});

describe('profile service with one photo decoder and no queue', () => {
  let dataDir: string;
  let harness: Harness;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nocturne-profile-decoders-'));
    harness = new Harness(dataDir, { photoUploads: { ...defaultProfileConfig.photoUploads, decodeConcurrency: 1, decodeQueue: 0, decodeWaitMs: 3_000 } });
    await harness.start();
  });

  afterAll(async () => {
    await harness.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('decodes one photo at a time and tells the others to come back with 503 and Retry-After', async () => {
    const people = [201, 202, 203, 204];
    for (const userId of people) await harness.register(userId);
    // Big enough to keep the decoder busy while the other uploads arrive.
    const photo = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: '#123456' } }).png().toBuffer();
    const results = await Promise.all(people.map((userId) => harness.upload(userId, [{ data: photo, name: 'night.png', type: 'image/png' }])));
    const statuses = results.map((result) => result.status);
    expect(statuses).toContain(201);
    expect(statuses).toContain(503);
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    for (const busy of results.filter((result) => result.status === 503)) {
      expect(busy.body).toEqual({ error: ProfileMessages.photoBusy });
      expect(busy.retryAfter).toBe('3');
    }
  }, 30_000);
});

describe('profile service with 8 MB for upload bodies', () => {
  let dataDir: string;
  let harness: Harness;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nocturne-profile-memory-'));
    harness = new Harness(dataDir, { photoUploads: { ...defaultProfileConfig.photoUploads, memoryBytes: 8 * 1024 * 1024, decodeWaitMs: 1_000 } });
    await harness.start();
  });

  afterAll(async () => {
    await harness.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('holds no more upload bodies than fit: a second large body waits, then is told to come back, while the first goes through', async () => {
    await harness.register(301);
    await harness.register(302);
    const image = await png();
    const size = 6 * 1024 * 1024;
    const start = (uid: number) => {
      const upload = streamingUpload(`${harness.base}/media/photos`, { declaredLength: size, headers: harness.mediaHeaders('POST', '/photos', uid) });
      const { head, tail } = multipartFile(upload.boundary, 'night.png', 'image/png');
      // A PNG followed by padding up to the declared length still decodes as the PNG.
      const padding = Buffer.alloc(size - head.length - image.length - tail.length, 0x20);
      return { upload, body: Buffer.concat([head, image, padding, tail]) };
    };
    const first = start(301);
    await first.upload.send(first.body.subarray(0, 1024 * 1024));
    // The first body holds 6 of the 8 MB while it is still arriving: the second cannot be taken in.
    const second = start(302);
    await second.upload.send(second.body.subarray(0, 64 * 1024));
    const refused = await second.upload.answerWithin(5_000);
    second.upload.abort();
    expect(refused).toMatchObject({ status: 503, body: { error: ProfileMessages.photoBusy }, headers: { 'retry-after': '1' } });

    await first.upload.send(first.body.subarray(1024 * 1024));
    first.upload.finish();
    expect((await first.upload.answer).status).toBe(201);
  }, 30_000);
});
