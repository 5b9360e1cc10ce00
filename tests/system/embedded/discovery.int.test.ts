import { eventually } from '@nocturne/platform/testing';
import { startInProcessStack, type InProcessStack, type Member } from '../support';

// Who appears in whose deck (decisions.md, Discovery), over HTTP against the whole embedded stack.
let stack: InProcessStack;

beforeAll(async () => {
  stack = await startInProcessStack('discovery', { env: { SWIPE_WINDOW: 'always' } });
}, 60_000);

afterAll(() => stack?.stop());

jest.setTimeout(60_000);

// Each test meets in a place of its own: the suite shares one stack, and everyone else is in Berlin.
const LISBON: [number, number] = [38.7223, -9.1393];
const OSLO: [number, number] = [59.9139, 10.7522];

const deckIds = async (who: Member) => {
  const res = await who.get('/api/profiles?limit=50');
  expect(res.status).toBe(200);
  return (res.body as Array<{ id: number }>).map((profile) => profile.id);
};
const discoveryOf = async (who: Member) => (await who.get('/api/auth/user')).body.user.discovery;
const setFilters = async (who: Member, gender: string) => {
  const res = await who.put('/api/deck-filters', { gender, ageRange: [18, 80], distance: 200, city: '', kinks: [], interests: [] });
  expect(res.status).toBe(200);
};
const like = (who: Member, swipedId: number) => who.post('/api/swipes', { swiperId: who.id, swipedId, isLike: true, timestamp: new Date().toISOString() });

describe('discovery', () => {
  it('shows a person with neither a position nor a city to nobody, tells them so, and a chosen city places them at its centre', async () => {
    const placed = await stack.member({ gender: 'Male', position: LISBON });
    const unplaced = await stack.member({ gender: 'Male', position: null });
    const placedSomewhereElse = await stack.member({ gender: 'Female', position: null });
    const viewer = await stack.member({ position: LISBON });
    await eventually(async () => expect(await deckIds(viewer)).toContain(placed.id));

    expect(await deckIds(viewer)).not.toContain(unplaced.id);
    // Nor to a viewer who shared no position either (they see the placed, without a distance).
    expect(await deckIds(placedSomewhereElse)).not.toContain(unplaced.id);
    expect(await deckIds(placedSomewhereElse)).toContain(placed.id);
    expect(await discoveryOf(unplaced)).toEqual({ visible: false, missing: 'position' });
    expect(await discoveryOf(viewer)).toEqual({ visible: true, missing: null });

    // A city the service knows counts as its centre: in decks nearby, with a distance, whatever the spelling.
    const city = await unplaced.graphql('mutation { setPublicCity(city: "lisboa") { publicCity } }');
    expect(city.body.errors).toBeUndefined();
    expect(await discoveryOf(unplaced)).toEqual({ visible: true, missing: null });
    const card = async () => ((await viewer.get('/api/profiles?limit=50')).body as Array<{ id: number; distance: number | null; location: string | null }>).find((profile) => profile.id === unplaced.id);
    expect(await card()).toEqual(expect.objectContaining({ location: 'lisboa', distance: expect.any(Number) }));
    expect((await card())!.distance).toBeLessThanOrEqual(2);

    // A city it does not know gives no position: out of every deck again, and told so.
    expect((await unplaced.graphql('mutation { setPublicCity(city: "Atlantis") { publicCity } }')).body.errors).toBeUndefined();
    expect(await discoveryOf(unplaced)).toEqual({ visible: false, missing: 'position' });
    expect(await deckIds(viewer)).not.toContain(unplaced.id);
  });

  it('keeps a shared position over a chosen city, so choosing a city never moves a person', async () => {
    const viewer = await stack.member({ position: OSLO });
    const inOslo = await stack.member({ gender: 'Male', position: OSLO });
    expect((await inOslo.graphql('mutation { setPublicCity(city: "Lisbon") { publicCity } }')).body.errors).toBeUndefined();
    const card = async () => ((await viewer.get('/api/profiles?limit=50')).body as Array<{ id: number; distance: number | null }>).find((profile) => profile.id === inOslo.id);
    await eventually(async () => expect(await card()).toMatchObject({ distance: 0 }));
  });

  it('tells a person who has not finished onboarding that nobody can see them', async () => {
    const fresh = await stack.signUpWithProfile();
    await eventually(async () => expect(await discoveryOf(fresh)).toEqual({ visible: false, missing: 'onboarding' }));
  });

  it('makes gender preference mutual: nobody sees, or can like, a person whose preference leaves them out', async () => {
    const LIMA: [number, number] = [-12.0464, -77.0428];
    const seeksMen = await stack.member({ gender: 'Female', position: LIMA });
    await setFilters(seeksMen, 'Male');
    const woman = await stack.member({ gender: 'Female', position: LIMA });
    const man = await stack.member({ gender: 'Male', position: LIMA });
    const seeksAll = await stack.member({ gender: 'Other', position: LIMA });

    await eventually(async () => expect(await deckIds(man)).toEqual(expect.arrayContaining([seeksMen.id, woman.id, seeksAll.id])));
    // Her preference admits men only: a woman and a person of another gender never see her ...
    expect(await deckIds(woman)).not.toContain(seeksMen.id);
    expect(await deckIds(seeksAll)).not.toContain(seeksMen.id);
    expect(await deckIds(woman)).toEqual(expect.arrayContaining([man.id, seeksAll.id]));
    // ... nor like her by naming her id; nothing is recorded.
    const refused = await like(woman, seeksMen.id);
    expect(refused.status).toBe(404);
    expect((await seeksMen.get('/api/auth/user')).body.user.stats.likes).toBe(0);
    expect((await like(man, seeksMen.id)).status).toBe(200);

    // 'All Genders' again admits everyone.
    await setFilters(seeksMen, 'all');
    await eventually(async () => expect(await deckIds(woman)).toContain(seeksMen.id));
    expect((await like(woman, seeksMen.id)).status).toBe(200);
  });
});
