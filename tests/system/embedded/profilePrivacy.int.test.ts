import sharp from 'sharp';
import { Messages, ProfileMessages } from '@nocturne/contracts';
import { eventually } from '@nocturne/platform/testing';
import { BERLIN, startInProcessStack, type InProcessStack, type Member } from '../support';

// What one member can learn of another through the profile service, tried from outside as an attacker
// would: positions moved around to measure distances, exact activity times, and pictures of people the
// viewer may not see (not onboarded, blocked either way, or seen from an account that never onboarded).
const POSITION_CHANGES_PER_HOUR = 5;
const SYDNEY: readonly [number, number] = [-33.8688, 151.2093];

let stack: InProcessStack;

beforeAll(async () => {
  stack = await startInProcessStack('profile-privacy', { env: { LOCATION_CHANGES_PER_HOUR: String(POSITION_CHANGES_PER_HOUR), SWIPE_WINDOW: 'always' } });
}, 60_000);

afterAll(() => stack?.stop());

jest.setTimeout(60_000);

const moveTo = (who: Member, [latitude, longitude]: readonly [number, number]) => who.post('/api/update-location', { latitude, longitude });
const moveById = (who: Member, [latitude, longitude]: readonly [number, number]) => who.patch(`/api/users/${who.id}/location`, { latitude, longitude, location: `${latitude}, ${longitude}` });
const moveByGraphql = (who: Member, [latitude, longitude]: readonly [number, number]) =>
  who.graphql('mutation ($latitude: Float, $longitude: Float) { updateLocation(latitude: $latitude, longitude: $longitude) { id } }', { latitude, longitude });
const positionOf = async (who: Member) => {
  const { latitude, longitude } = (await who.get('/api/auth/user')).body.user as { latitude: number | null; longitude: number | null };
  return [latitude, longitude];
};
/** The card of `subject` in the deck of `viewer`, with what the swipe service shows of it. */
const cardOf = async (viewer: Member, subject: Member) =>
  ((await viewer.get('/api/profiles?limit=50')).body as Array<{ id: number; distance: number | null; location: string | null }>).find((card) => card.id === subject.id);

describe('position changes', () => {
  it('takes small moves at once and refuses changes past the hourly allowance with 429 on every way in, keeping the last position', async () => {
    // Onboarding shared the first position: one of the hour's changes.
    const member = await stack.member();
    let last: readonly [number, number] = BERLIN;
    for (let move = 1; move < POSITION_CHANGES_PER_HOUR; move += 1) {
      last = [BERLIN[0] + move * 0.002, BERLIN[1]];
      expect((await moveTo(member, last)).status).toBe(200);
    }
    const refused = await moveTo(member, [BERLIN[0] + 0.05, BERLIN[1]]);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: Messages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await moveById(member, [BERLIN[0] + 0.05, BERLIN[1]])).status).toBe(429);
    const graphql = await moveByGraphql(member, [BERLIN[0] + 0.05, BERLIN[1]]);
    expect(graphql.body.errors[0]).toMatchObject({ message: Messages.tooManyRequests, extensions: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) } });
    expect(await positionOf(member)).toEqual(last);
  });

  it('refuses a jump from Berlin to Sydney right after, with 429, Retry-After and a message, and changes nothing anyone sees', async () => {
    const viewer = await stack.member();
    const mover = await stack.member({ gender: 'Male', position: [52.6, 13.405] });
    const before = await eventually(async () => {
      const card = await cardOf(viewer, mover);
      expect(card?.distance).toEqual(expect.any(Number));
      return card!.distance;
    });

    for (const jump of [moveTo, moveById]) {
      const res = await jump(mover, SYDNEY);
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ error: ProfileMessages.locationTooFarTooSoon });
      // About 16,000 km at 1,000 km/h.
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(15 * 3600);
    }
    expect((await moveByGraphql(mover, SYDNEY)).body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect(await positionOf(mover)).toEqual([52.6, 13.405]);

    // A later change of the mover's card reaches the deck after anything the jump could have sent.
    expect((await mover.graphql('mutation { setPublicCity(city: "Pankow") { publicCity } }')).body.errors).toBeUndefined();
    await eventually(async () => expect(await cardOf(viewer, mover)).toMatchObject({ location: 'Pankow', distance: before }));

    // Nobody's first position is refused, however far from anything.
    await stack.member({ position: SYDNEY });
  });
});

describe('activity times', () => {
  it("answers lastSeen to its owner only: another person's reads null", async () => {
    const viewer = await stack.member();
    const seen = await stack.member({ gender: 'Male' });
    const lastSeenInDeck = async () => {
      const res = await viewer.graphql('{ deck(limit: 50) { cards { user { id lastSeen } } } }');
      expect(res.body.errors).toBeUndefined();
      const card = (res.body.data.deck.cards as Array<{ user: { id: number; lastSeen: string | null } }>).find((found) => found.user.id === seen.id);
      expect(card).toBeDefined();
      return card!.user.lastSeen;
    };
    expect(await eventually(lastSeenInDeck)).toBeNull();
    const own = await seen.graphql('{ me { lastSeen } }');
    expect(own.body.data.me.lastSeen).toEqual(expect.any(String));
  });
});

describe('who may be shown whose pictures', () => {
  const jpeg = (color: string) => sharp({ create: { width: 64, height: 48, channels: 3, background: color } }).jpeg().toBuffer();
  const uploadPhoto = async (who: Member) => {
    const res = await who.post('/api/photos').attach('photos', await jpeg('#203050'), 'night.jpg');
    expect(res.status).toBe(201);
    return res.body.added[0] as { url: string; thumbnailUrl: string };
  };
  const onboard = (who: Member) => who.patch(`/api/user/${who.id}`, { gender: 'Male', kinks: ['Rope Play'], interests: ['Art'] }).expect(200);
  const avatarOf = (who: Member) => `/api/avatars/${who.id}`;
  const fetched = async (who: Member, url: string) => {
    const res = await who.get(url);
    return { status: res.status, body: res.status === 200 ? 'image' : res.body };
  };
  const photoNotFound = { status: 404, body: { error: ProfileMessages.photoNotFound } };
  const profileNotFound = { status: 404, body: { error: ProfileMessages.profileNotFound } };

  it("answers 404 for the avatar and photos of an account that never onboarded, as for an unknown one, and its owner still gets them", async () => {
    const viewer = await stack.member();
    const newcomer = await stack.signUpWithProfile();
    const photo = await uploadPhoto(newcomer);
    for (const url of [photo.url, photo.thumbnailUrl, avatarOf(newcomer)]) expect(await fetched(newcomer, url)).toMatchObject({ status: 200 });

    expect(await fetched(viewer, avatarOf(newcomer))).toEqual(profileNotFound);
    expect(await fetched(viewer, `/api/avatars/${newcomer.id + 100_000}`)).toEqual(profileNotFound);
    expect(await fetched(viewer, photo.url)).toEqual(photoNotFound);
    expect(await fetched(viewer, photo.thumbnailUrl)).toEqual(photoNotFound);

    await onboard(newcomer);
    expect(await fetched(viewer, photo.url)).toMatchObject({ status: 200 });
    expect(await fetched(viewer, avatarOf(newcomer))).toMatchObject({ status: 200 });
  });

  it("answers 404 to a viewer who has not finished onboarding for an onboarded person's pictures", async () => {
    const shown = await stack.member();
    const photo = await uploadPhoto(shown);
    const newcomer = await stack.signUpWithProfile();
    expect(await fetched(newcomer, photo.url)).toEqual(photoNotFound);
    expect(await fetched(newcomer, avatarOf(shown))).toEqual(profileNotFound);
    // Their own pictures, on onboarding's photo step.
    const own = await uploadPhoto(newcomer);
    expect(await fetched(newcomer, own.url)).toMatchObject({ status: 200 });

    await onboard(newcomer);
    expect(await fetched(newcomer, photo.url)).toMatchObject({ status: 200 });
  });

  it("hides the pictures of both people after a block, from a fresh account of the blocked person too, and each still gets their own", async () => {
    const blocker = await stack.member();
    const blocked = await stack.member({ gender: 'Male' });
    const blockerPhoto = await uploadPhoto(blocker);
    const blockedPhoto = await uploadPhoto(blocked);
    expect(await fetched(blocked, blockerPhoto.url)).toMatchObject({ status: 200 });
    expect((await blocker.graphql('mutation ($userId: Int!) { block(userId: $userId) }', { userId: blocked.id })).body.errors).toBeUndefined();

    await eventually(async () => expect(await fetched(blocked, blockerPhoto.url)).toEqual(photoNotFound));
    expect(await fetched(blocked, avatarOf(blocker))).toEqual(profileNotFound);
    expect(await fetched(blocker, blockedPhoto.url)).toEqual(photoNotFound);
    expect(await fetched(blocker, avatarOf(blocked))).toEqual(profileNotFound);
    // The blocked person signs up again and asks for the URLs they remember.
    const again = await stack.signUpWithProfile();
    for (const url of [blockerPhoto.url, blockerPhoto.thumbnailUrl]) expect(await fetched(again, url)).toEqual(photoNotFound);
    expect(await fetched(again, avatarOf(blocker))).toEqual(profileNotFound);

    expect(await fetched(blocker, blockerPhoto.url)).toMatchObject({ status: 200 });
    expect(await fetched(blocked, blockedPhoto.url)).toMatchObject({ status: 200 });
    expect(await fetched(blocked, avatarOf(blocked))).toMatchObject({ status: 200 });
  });
});
