import { eventually } from '@nocturne/platform/testing';
import { hasRealInfrastructure, StackProcess, type Member } from '../support';

// The deck's order that plans buy, on the real servers (Kafka, MongoDB, Redis), through `node
// stack/dist/main.js`: a Moon-Boost first, then a priority like (once), then the distance bands. Run under
// `flock /tmp/nocturne-real.lock`; skipped without the real servers.
const d = hasRealInfrastructure ? describe : describe.skip;

d('real stack: Moon-Boost and priority likes order the deck', () => {
  let stack: StackProcess | undefined;

  beforeAll(async () => {
    stack = await StackProcess.start({ env: { SWIPE_WINDOW: 'always' } });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop(10_000);
  }, 30_000);

  // A place of this run's own, so people of other runs on the shared servers stay out of the decks.
  const origin = { latitude: -40 + Math.random() * 30, longitude: 100 + Math.random() * 40 };
  const northOf = (km: number) => ({ latitude: origin.latitude + km / 111, longitude: origin.longitude });

  async function member(km: number): Promise<Member> {
    const who = await stack!.signUpWithProfile();
    expect((await who.patch(`/api/user/${who.id}`, { gender: 'Other', kinks: ['Praise'], interests: ['Art'] })).status).toBe(200);
    expect((await who.post('/api/update-location', northOf(km))).status).toBe(200);
    return who;
  }
  const deckIds = async (who: Member) => {
    const res = await who.get('/api/profiles?limit=50');
    expect(res.status).toBe(200);
    return (res.body as Array<{ id: number }>).map((card) => card.id);
  };

  it('puts the boosted member first, the priority liker next (once), then the nearest band', async () => {
    const viewer = await member(0);
    const [nearA, nearB] = [await member(1), await member(1)];
    const booster = await member(20);
    const liker = await member(30);
    await eventually(async () => expect(await deckIds(viewer)).toEqual(expect.arrayContaining([nearA.id, nearB.id, booster.id, liker.id])), { timeoutMs: 60_000, intervalMs: 1_000 });
    expect((await booster.post('/api/plan', { plan: 'plus' })).status).toBe(200);
    expect((await liker.post('/api/plan', { plan: 'nightPass' })).status).toBe(200);
    await eventually(async () => expect((await liker.post('/api/swipes', { swiperId: liker.id, swipedId: viewer.id, isLike: true })).status).toBe(200), { timeoutMs: 45_000, intervalMs: 1_000 });
    const boost = await booster.post('/api/moon-boost', {});
    expect(boost.status).toBe(200);

    const first = await deckIds(viewer);
    expect(first.slice(0, 2)).toEqual([booster.id, liker.id]);
    const next = await deckIds(viewer);
    expect(next[0]).toBe(booster.id);
    expect(next.indexOf(liker.id)).toBeGreaterThan(next.indexOf(nearA.id));
    // A second boost while one runs is refused.
    expect((await booster.post('/api/moon-boost', {})).status).toBe(409);
  });
});
