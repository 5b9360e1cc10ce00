import { existsSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { Messages } from '@nocturne/contracts';
import { INTERNAL_CONTEXT_HEADER, signGraphqlRequest } from '@nocturne/platform/http';
import { eventually } from '@nocturne/platform/testing';
import { newPerson, startInProcessStack, type InProcessStack, type Member } from '../support';

let stack: InProcessStack;

beforeAll(async () => {
  stack = await startInProcessStack('profile-routes');
});

afterAll(() => stack?.stop());

const api = () => stack.request();
const setCookieOf = (res: request.Response): string | undefined => (res.headers['set-cookie'] as unknown as string[] | undefined)?.[0];
const signUp = () => stack.signUp();
/** A member whose profile the profile service has created from UserRegistered, so it changes no more by itself. */
const signUpWithProfile = () => stack.signUpWithProfile();

const currentUser = async (member: Member) => {
  const res = await member.get('/api/auth/user');
  expect(res.status).toBe(200);
  return res.body.user as Record<string, unknown> & { photos: string[]; name: string; age: number };
};

/** What a browser page of this site sends: JSON, its own Origin, the cookie. */
const graphql = (member: Member | null, query: string, variables?: Record<string, unknown>) => (member ?? stack.client()).graphql(query, variables);

const image = (color: string, width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();

async function upload(member: Member | null, files: Array<{ data: Buffer; name: string }>, field = 'photos') {
  const req = api().post('/api/photos').set('Origin', stack.url);
  if (member) req.set('Cookie', member.session);
  for (const file of files) req.attach(field, file.data, file.name);
  return req;
}

async function uploadPhotos(member: Member, count: number): Promise<Array<{ id: string; url: string; thumbnailUrl: string }>> {
  const files = await Promise.all(Array.from({ length: count }, async (_, index) => ({ data: await image(`#2${index}3050`), name: `night-${index}.jpg` })));
  const res = await upload(member, files);
  expect(res.status).toBe(201);
  return res.body.added;
}

const onboarding = { gender: 'Female', kinks: ['Rope Play', 'Praise'], interests: ['Astronomy', 'Wine'], bio: 'Moonlit walks only.' };
const profileSave = (person: { name: string; age: number }, photos: string[]) => ({
  name: person.name,
  age: person.age,
  bio: 'Awake when the stars are.',
  photos,
  gender: 'Other',
  kinks: ['Switch'],
  interests: ['Concerts'],
});

describe('GET /api/auth/user', () => {
  it('answers 401 when signed out', async () => {
    const res = await api().get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: Messages.signedOut });
  });

  it("answers the account, the profile before onboarding, the owner's settings and real counts", async () => {
    const member = await signUp();
    const user = await currentUser(member);
    expect(user).toEqual({
      id: member.id,
      username: member.person.username,
      email: member.person.email,
      name: member.person.name,
      age: member.person.age,
      createdAt: expect.any(String),
      gender: null,
      bio: null,
      photos: [],
      avatarUrl: `/api/avatars/${member.id}`,
      kinks: [],
      interests: [],
      nightOwlScore: 5,
      isOnline: expect.any(Boolean),
      lastSeen: user.lastSeen === null ? null : expect.any(String),
      location: null,
      latitude: null,
      longitude: null,
      isVerified: false,
      onboardingCompleted: false,
      notificationPreferences: { matches: true, messages: true, likes: false, marketing: false },
      timeZone: null,
      stats: { likes: 0, matches: 0 },
      publicCity: null,
      discovery: { visible: false, missing: 'onboarding' },
    });
  });
});

describe('POST /api/photos', () => {
  it('takes several files in the field photos and answers the added photos and the whole list', async () => {
    const member = await signUp();
    const res = await upload(member, [
      { data: await image('#102030'), name: 'a.jpg' },
      { data: await image('#302010'), name: 'b.jpg' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.added).toHaveLength(2);
    for (const photo of res.body.added) {
      expect(photo).toEqual({ id: expect.stringMatching(/^[a-f0-9]{32}$/), url: `/api/photos/${photo.id}/display`, thumbnailUrl: `/api/photos/${photo.id}/thumb` });
    }
    expect(res.body.photos).toEqual(res.body.added);
    const more = await upload(member, [{ data: await image('#303030'), name: 'c.jpg' }]);
    expect(more.status).toBe(201);
    expect(more.body.photos).toEqual([...res.body.added, ...more.body.added]);
    expect((await currentUser(member)).photos).toEqual(more.body.photos.map((photo: { url: string }) => photo.url));
  });

  it('refuses signed-out callers, files that are not images, a seventh photo and files over 10 MB', async () => {
    const member = await signUp();
    const signedOut = await upload(null, [{ data: await image('#000000'), name: 'a.jpg' }]);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ error: Messages.signedOut });

    const text = await upload(member, [{ data: Buffer.from('not an image at all'), name: 'photo.jpg' }]);
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ error: 'Photos must be JPEG, PNG, WebP or GIF images', field: 'photos' });

    await uploadPhotos(member, 6);
    const seventh = await upload(member, [{ data: await image('#000000'), name: 'g.jpg' }]);
    expect(seventh.status).toBe(400);
    expect(seventh.body).toEqual({ error: 'You can add at most 6 photos', field: 'photos' });

    const other = await signUp();
    const huge = await upload(other, [{ data: Buffer.concat([await image('#000000'), Buffer.alloc(10 * 1024 * 1024)]), name: 'huge.jpg' }]);
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: 'Each photo must be at most 10 MB', field: 'photos' });
    expect((await currentUser(other)).photos).toEqual([]);
  });

  it('re-encodes an upload without its EXIF data, GPS position included', async () => {
    const member = await signUp();
    const withGps = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#405060' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'NightCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' } })
      .toBuffer();
    const sent = await sharp(withGps).metadata();
    // The GPS IFD pointer (tag 0x8825, type LONG) in IFD0, little-endian as sharp writes it.
    expect(sent.exif?.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]))).toBe(true);

    const res = await upload(member, [{ data: withGps, name: 'where-i-live.jpg' }]);
    expect(res.status).toBe(201);
    for (const url of [res.body.added[0].url, res.body.added[0].thumbnailUrl]) {
      const served = await member.get(url);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const metadata = await sharp(served.body as Buffer).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect((served.body as Buffer).includes(Buffer.from('NightCam'))).toBe(false);
    }
  });

  it('shows photos to onboarded members (deck cards show them), not to signed-out callers, and a removed photo is gone', async () => {
    const owner = await stack.member();
    const viewer = await stack.member({ gender: 'Male' });
    const [photo] = await uploadPhotos(owner, 1);
    const seen = await viewer.get(photo!.url);
    expect(seen.status).toBe(200);
    expect(seen.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const signedOut = await api().get(photo!.url);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ error: Messages.signedOut });

    const removed = await graphql(owner, 'mutation ($id: ID!) { removePhoto(id: $id) { photos { id } } }', { id: photo!.id });
    expect(removed.body).toEqual({ data: { removePhoto: { photos: [] } } });
    for (const member of [owner, viewer]) {
      const gone = await member.get(photo!.url);
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ error: 'Photo not found' });
    }
  });
});

describe('PATCH /api/user/{id} (onboarding)', () => {
  it("saves gender, photos (the URLs handed out), kinks, interests and bio and answers the user", async () => {
    const member = await signUp();
    const photos = await uploadPhotos(member, 2);
    const order = [photos[1]!.url, photos[0]!.url];
    const res = await api().patch(`/api/user/${member.id}`).set('Cookie', member.session).send({ ...onboarding, photos: order });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: member.id,
      username: member.person.username,
      name: member.person.name,
      gender: 'Female',
      bio: 'Moonlit walks only.',
      photos: order,
      avatarUrl: photos[1]!.thumbnailUrl,
      kinks: ['Rope Play', 'Praise'],
      interests: ['Astronomy', 'Wine'],
      onboardingCompleted: true,
      stats: { likes: 0, matches: 0 },
    });
    expect(await currentUser(member)).toEqual(res.body.user);
  });

  it('takes Skip: no gender is Other, no bio is none', async () => {
    const member = await signUp();
    const res = await api().patch(`/api/user/${member.id}`).set('Cookie', member.session).send({ photos: [], kinks: [], interests: [] });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ gender: 'Other', bio: null, photos: [], onboardingCompleted: true });
  });

  it.each([
    ['gender', { gender: 'Alien' }, 'Gender must be one of Male, Female, Other'],
    ['kinks', { kinks: ['Knitting'] }, 'Choose kinks from the list'],
    ['interests', { interests: ['Sleeping early'] }, 'Choose interests from the list'],
    ['bio', { bio: 'x'.repeat(501) }, 'Bio must be at most 500 characters'],
    ['photos', { photos: ['https://elsewhere.example/me.jpg'] }, 'That photo does not belong to your profile'],
    ['photos', { photos: Array.from({ length: 7 }, (_, i) => `${String(i).repeat(32)}`.slice(0, 32)) }, 'You can add at most 6 photos'],
  ])('refuses a bad %s with 400 naming the field, and changes nothing', async (field, change, message) => {
    const member = await signUp();
    const res = await api().patch(`/api/user/${member.id}`).set('Cookie', member.session).send({ ...onboarding, photos: [], ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, field });
    expect(await currentUser(member)).toMatchObject({ gender: null, onboardingCompleted: false, kinks: [] });
  });

  it("refuses a photo of someone else's profile, naming photos", async () => {
    const member = await signUp();
    const other = await signUp();
    const [theirs] = await uploadPhotos(other, 1);
    const res = await api().patch(`/api/user/${member.id}`).set('Cookie', member.session).send({ ...onboarding, photos: [theirs!.url] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'That photo does not belong to your profile', field: 'photos' });
    expect((await currentUser(other)).photos).toEqual([theirs!.url]);
  });

  it('answers 401 when signed out', async () => {
    const member = await signUp();
    const res = await api().patch(`/api/user/${member.id}`).send(onboarding);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: Messages.signedOut });
  });

  it("answers 403 for another user's id (or no id at all) and changes nothing", async () => {
    const owner = await signUpWithProfile();
    const intruder = await signUp();
    const before = await currentUser(owner);
    for (const id of [String(owner.id), `0${owner.id}`, 'me']) {
      const res = await api().patch(`/api/user/${id}`).set('Cookie', intruder.session).send(onboarding);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: Messages.forbidden });
    }
    // 403 comes before the body is looked at.
    const invalid = await api().patch(`/api/user/${owner.id}`).set('Cookie', intruder.session).send({ gender: 'Alien' });
    expect(invalid.status).toBe(403);
    expect(await currentUser(owner)).toEqual(before);
    expect(await currentUser(intruder)).toMatchObject({ onboardingCompleted: false });
  });

  it("has the profile subgraph refuse another user's id as well (the gateway's check is not the only one)", async () => {
    const owner = await signUp();
    const intruder = await signUp();
    const res = await graphql(intruder, 'mutation ($userId: Int) { completeOnboarding(input: { gender: "Male" }, userId: $userId) { id } }', { userId: owner.id });
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await currentUser(owner)).toMatchObject({ gender: null, onboardingCompleted: false });
  });
});

describe('location', () => {
  it('POST /api/update-location saves the position', async () => {
    const member = await signUp();
    const res = await api().post('/api/update-location').set('Cookie', member.session).send({ latitude: 52.52, longitude: 13.405 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await currentUser(member)).toMatchObject({ latitude: 52.52, longitude: 13.405 });
  });

  it('PATCH /api/users/{id}/location saves position and place text', async () => {
    const member = await signUp();
    const res = await api().patch(`/api/users/${member.id}/location`).set('Cookie', member.session).send({ latitude: -33.8688, longitude: 151.2093, location: '-33.8688, 151.2093' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await currentUser(member)).toMatchObject({ latitude: -33.8688, longitude: 151.2093, location: '-33.8688, 151.2093' });
  });

  it.each([
    ['latitude', { latitude: 90.5, longitude: 0 }, 'Latitude must be a number from -90 to 90'],
    ['latitude', { latitude: -91, longitude: 0 }, 'Latitude must be a number from -90 to 90'],
    ['latitude', { latitude: '52.5', longitude: 13.4 }, 'Latitude must be a number from -90 to 90'],
    ['latitude', { longitude: 13.4 }, 'Latitude must be a number from -90 to 90'],
    ['longitude', { latitude: 52.5, longitude: 180.01 }, 'Longitude must be a number from -180 to 180'],
    ['longitude', { latitude: 52.5, longitude: '13.4' }, 'Longitude must be a number from -180 to 180'],
    ['longitude', { latitude: 52.5, longitude: null }, 'Longitude must be a number from -180 to 180'],
  ])('refuses a bad %s on both routes with 400 naming the field, and changes nothing', async (field, body, message) => {
    const member = await signUp();
    const own = await api().post('/api/update-location').set('Cookie', member.session).send(body);
    expect(own.status).toBe(400);
    expect(own.body).toEqual({ error: message, field });
    const byId = await api().patch(`/api/users/${member.id}/location`).set('Cookie', member.session).send({ ...body, location: 'Berlin' });
    expect(byId.status).toBe(400);
    expect(byId.body).toEqual({ error: message, field });
    expect(await currentUser(member)).toMatchObject({ latitude: null, longitude: null, location: null });
  });

  it('refuses a place text over 200 characters, naming location', async () => {
    const member = await signUp();
    const res = await api().patch(`/api/users/${member.id}/location`).set('Cookie', member.session).send({ latitude: 1, longitude: 2, location: 'x'.repeat(201) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Location must be at most 200 characters', field: 'location' });
  });

  it('answers 401 when signed out', async () => {
    const member = await signUp();
    const own = await api().post('/api/update-location').send({ latitude: 1, longitude: 2 });
    expect(own.status).toBe(401);
    expect(own.body).toEqual({ error: Messages.signedOut });
    const byId = await api().patch(`/api/users/${member.id}/location`).send({ latitude: 1, longitude: 2, location: '1, 2' });
    expect(byId.status).toBe(401);
  });

  it("answers 403 for another user's id and leaves their position alone", async () => {
    const owner = await signUp();
    const intruder = await signUp();
    await api().patch(`/api/users/${owner.id}/location`).set('Cookie', owner.session).send({ latitude: 48.85, longitude: 2.35, location: 'Paris' }).expect(200);
    const res = await api().patch(`/api/users/${owner.id}/location`).set('Cookie', intruder.session).send({ latitude: 0, longitude: 0, location: 'Null Island' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: Messages.forbidden });
    expect(await currentUser(owner)).toMatchObject({ latitude: 48.85, longitude: 2.35, location: 'Paris' });
    expect(await currentUser(intruder)).toMatchObject({ latitude: null, location: null });
  });
});

describe('PUT /api/profile', () => {
  it('saves name and age (account) and the profile, removing photos left out', async () => {
    const member = await signUp();
    const photos = await uploadPhotos(member, 3);
    const kept = [photos[2]!.url, photos[0]!.url];
    const res = await api()
      .put('/api/profile')
      .set('Cookie', member.session)
      .send(profileSave({ name: 'Selene Dusk', age: 33 }, kept));
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: member.id,
      name: 'Selene Dusk',
      age: 33,
      bio: 'Awake when the stars are.',
      photos: kept,
      gender: 'Other',
      kinks: ['Switch'],
      interests: ['Concerts'],
      stats: { likes: 0, matches: 0 },
    });
    expect(await currentUser(member)).toEqual(res.body.user);
    const dropped = await member.get(photos[1]!.url);
    expect(dropped.status).toBe(404);
    expect(photoFilesExist(photos[1]!.id)).toBe(false);
    expect(photoFilesExist(photos[0]!.id)).toBe(true);
  });

  it('takes the age as a whole-number string, as forms send it', async () => {
    const member = await signUp();
    const res = await api().put('/api/profile').set('Cookie', member.session).send({ ...profileSave(member.person, []), age: '41' });
    expect(res.status).toBe(200);
    expect(res.body.user.age).toBe(41);
  });

  it.each([
    ['name', { name: 'L' }, Messages.name],
    ['age', { age: 17 }, Messages.age],
    ['age', { age: 'old' }, Messages.age],
    ['bio', { bio: 'x'.repeat(501) }, 'Bio must be at most 500 characters'],
    ['photos', { photos: ['nope'] }, 'That photo does not belong to your profile'],
    ['gender', { gender: 'Unknown' }, 'Gender must be one of Male, Female, Other'],
    ['gender', { gender: undefined }, 'Gender must be one of Male, Female, Other'],
    ['kinks', { kinks: ['Sudoku'] }, 'Choose kinks from the list'],
    ['interests', { interests: 'Music' }, 'Choose interests from the list'],
  ])('refuses a bad %s with 400 naming the field, and changes nothing, the name included', async (field, change, message) => {
    const member = await signUpWithProfile();
    const before = await currentUser(member);
    const res = await api()
      .put('/api/profile')
      .set('Cookie', member.session)
      .send({ ...profileSave({ name: 'Changed Name', age: 50 }, []), ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, field });
    expect(await currentUser(member)).toEqual(before);
  });

  it("refuses another member's photo (only the profile service can tell) and changes nothing, the name included", async () => {
    const member = await signUpWithProfile();
    const [mine] = await uploadPhotos(member, 1);
    const other = await signUp();
    const [theirs] = await uploadPhotos(other, 1);
    const before = await currentUser(member);
    const res = await api()
      .put('/api/profile')
      .set('Cookie', member.session)
      .send(profileSave({ name: 'Changed Name', age: 50 }, [mine!.url, theirs!.url]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'That photo does not belong to your profile', field: 'photos' });
    expect(await currentUser(member)).toEqual(before);
  });

  it('takes ten saves of one profile at once: each one is kept (conflicts are decided again), none answers 500', async () => {
    const member = await signUpWithProfile();
    const bios = Array.from({ length: 10 }, (_, i) => `Save number ${i} of a busy night.`);
    const answers = await Promise.all(bios.map((bio) => api().put('/api/profile').set('Cookie', member.session).send({ ...profileSave(member.person, []), bio })));
    expect(answers.map((res) => res.status)).toEqual(bios.map(() => 200));
    expect(bios).toContain((await currentUser(member)).bio);
  }, 30_000);

  it('answers 401 when signed out', async () => {
    const res = await api().put('/api/profile').send(profileSave(newPerson(), []));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: Messages.signedOut });
  });
});

describe('GraphQL calls of the client (no REST call in the spec)', () => {
  it('serves the catalogues, notification preferences and the time zone to a same-origin JSON request with the cookie', async () => {
    const member = await signUp();
    const catalogues = await graphql(member, '{ catalogues { kinks interests genders } }');
    expect(catalogues.status).toBe(200);
    expect(catalogues.body.data.catalogues.genders).toEqual(['Male', 'Female', 'Other']);
    expect(catalogues.body.data.catalogues.kinks).toContain('Role Play');
    expect(catalogues.body.data.catalogues.interests).toContain('Astronomy');

    const preferences = await graphql(member, 'mutation ($input: NotificationPreferencesInput!) { updateNotificationPreferences(input: $input) { notificationPreferences { matches messages likes marketing } } }', {
      input: { matches: false, messages: true, likes: true, marketing: false },
    });
    expect(preferences.body).toEqual({ data: { updateNotificationPreferences: { notificationPreferences: { matches: false, messages: true, likes: true, marketing: false } } } });

    const zone = await graphql(member, 'mutation ($zone: String!) { setTimeZone(zone: $zone) { timeZone } }', { zone: 'America/New_York' });
    expect(zone.body).toEqual({ data: { setTimeZone: { timeZone: 'America/New_York' } } });
    const badZone = await graphql(member, 'mutation { setTimeZone(zone: "Mars/Olympus") { timeZone } }');
    expect(badZone.body.errors[0]).toMatchObject({ message: 'Time zone must be an IANA time zone such as Europe/Berlin', extensions: { code: 'BAD_USER_INPUT' } });

    expect(await currentUser(member)).toMatchObject({ notificationPreferences: { matches: false, messages: true, likes: true, marketing: false }, timeZone: 'America/New_York' });
  });

  it('answers UNAUTHENTICATED to writes without a session', async () => {
    const res = await graphql(null, 'mutation { setTimeZone(zone: "UTC") { timeZone } }');
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('DELETE /api/account', () => {
  it('erases the account, the profile and its photos, clears the cookie, and frees the username', async () => {
    const member = await signUp();
    const photos = await uploadPhotos(member, 2);
    await api().patch(`/api/user/${member.id}`).set('Cookie', member.session).send({ ...onboarding, photos: photos.map((photo) => photo.url) }).expect(200);
    const viewer = await stack.member({ gender: 'Male' });
    await viewer.get(photos[0]!.url).expect(200);
    expect(photoFilesExist(photos[0]!.id)).toBe(true);

    const res = await api().delete('/api/account').set('Cookie', member.session).set('Content-Type', 'application/json').send('{}');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(setCookieOf(res)).toMatch(/^nocturne_session=; Max-Age=0; Path=\/;/);

    const me = await member.get('/api/auth/user');
    expect(me.status).toBe(401);
    const signIn = await api().post('/api/auth/signin').send({ username: member.person.username, password: member.person.password });
    expect(signIn.status).toBe(401);
    expect(signIn.body).toEqual({ error: Messages.invalidCredentials });

    // The profile service erases on UserDeleted, which reaches it through the bus.
    await eventually(async () => {
      for (const photo of photos) {
        const gone = await viewer.get(photo.url);
        expect(gone.status).toBe(404);
        expect(photoFilesExist(photo.id)).toBe(false);
      }
      const profile = await profileSubgraph(viewer.id, `{ _entities(representations: [{ __typename: "User", id: ${member.id} }]) { ... on User { bio photos { id } kinks onboardingCompleted } } }`);
      expect(profile.body.data._entities[0]).toEqual({ bio: null, photos: [], kinks: [], onboardingCompleted: false });
    });
    const lateWrite = await profileSubgraph(member.id, 'mutation { setTimeZone(zone: "UTC") { id } }');
    expect(lateWrite.body.errors[0].extensions.code).toBe('NOT_FOUND');

    const again = await api().post('/api/auth/signup').send({ ...newPerson(), username: member.person.username, email: member.person.email });
    expect(again.status).toBe(201);
    expect(again.body.user.id).not.toBe(member.id);
  });

  it('answers 401 when signed out', async () => {
    const res = await api().delete('/api/account').set('Content-Type', 'application/json').send('{}');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: Messages.signedOut });
  });
});

describe('served page', () => {
  it('carries the swipe-window meta tag with SWIPE_WINDOW=always (the embedded default)', async () => {
    for (const page of ['/', '/swipe-deck', '/index.html']) {
      const res = await api().get(page);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<meta name="nocturne-swipe-window" content="always"></head>');
      expect(res.text.indexOf('<meta charset="UTF-8">')).toBeLessThan(res.text.indexOf('nocturne-swipe-window'));
    }
  });
});

describe('OpenAPI document', () => {
  it('lists every profile route with its access errors', async () => {
    const res = await api().get('/api/openapi.json');
    const paths = res.body.paths as Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown; requestBody?: unknown }>>;
    const expected: Array<[string, string, string[]]> = [
      ['/api/auth/user', 'get', ['200', '401']],
      ['/api/photos', 'post', ['201', '400', '401', '413']],
      ['/api/user/{id}', 'patch', ['200', '400', '401', '403']],
      ['/api/update-location', 'post', ['200', '400', '401', '429']],
      ['/api/users/{id}/location', 'patch', ['200', '400', '401', '403', '429']],
      ['/api/profile', 'put', ['200', '400', '401']],
      ['/api/account', 'delete', ['200', '401']],
    ];
    for (const [route, method, statuses] of expected) {
      const operation = paths[route]?.[method];
      expect(operation).toBeDefined();
      expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(statuses));
    }
    expect(paths['/api/user/{id}']!.patch!.requestBody).toBeDefined();
    expect(paths['/api/profile']!.put!.security).toEqual([{ sessionCookie: [] }]);
    expect(paths['/api/account']!.post).toBeUndefined();
  });
});

/** Whether the stored renditions of a photo are on disk (the embedded blob store's layout). */
const photoFilesExist = (photoId: string) => ['display', 'thumb'].some((size) => existsSync(path.join(stack.dataDir, 'profile', 'blobs', 'photos', photoId, `${size}.blob`)));

/** A query straight to the profile subgraph, signed as the gateway would for `uid`. */
function profileSubgraph(uid: number, query: string) {
  const body = JSON.stringify({ query });
  return request(stack.subgraphUrls.profile!)
    .post('')
    .type('json')
    .set(INTERNAL_CONTEXT_HEADER, signGraphqlRequest({ uid, ip: '127.0.0.1' }, stack.internalSecret, body))
    .send(body);
}
