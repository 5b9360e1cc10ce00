import { eventually } from '@nocturne/platform/testing';
import { liftedSignUpLimits, startInProcessStack, type InProcessStack, type Member } from '../support';

// What the plans deliver on the deck, over HTTP against the embedded stack: undo (everyone), day access and
// priority likes (Night Pass, Plus, Max), Moon-Boost, who's awake and night-owl matching. The swipe
// service runs on a clock the tests move on, so ten seconds or thirty minutes pass without waiting.
let stack: InProcessStack;
let offsetMs = 0;
const later = (ms: number) => {
  offsetMs += ms;
};

beforeAll(async () => {
  stack = await startInProcessStack('plans-swipe', { env: { ...liftedSignUpLimits, SWIPE_WINDOW: 'always' }, clocks: { swipe: () => new Date(Date.now() + offsetMs) } });
}, 60_000);

afterAll(() => stack?.stop());

jest.setTimeout(60_000);

const member = (gender = 'Female', position: [number, number] = [52.52, 13.405]) => stack.member({ gender, position });
const swipe = (who: Member, swipedId: number, isLike = true) => who.post('/api/swipes', { swiperId: who.id, swipedId, isLike, timestamp: new Date().toISOString() });
const pass = (who: Member, swipedId: number) => swipe(who, swipedId, false);
const undo = (who: Member, swipedId: number) => who.post('/api/swipes/undo', { swipedId });
const deckIds = async (who: Member) => {
  const res = await who.get('/api/profiles?limit=50');
  expect(res.status).toBe(200);
  return (res.body as Array<{ id: number }>).map((profile) => profile.id);
};
/** Two people near each other who each see the other. */
const twoNearby = async () => {
  const a = await member();
  const b = await member('Male', [52.53, 13.41]);
  await eventually(async () => expect(await deckIds(a)).toContain(b.id));
  return { a, b };
};

describe('undo of the last pass', () => {
  it('takes the pass back within ten seconds: the person is in the deck again', async () => {
    const { a, b } = await twoNearby();
    expect((await pass(a, b.id)).status).toBe(200);
    expect(await deckIds(a)).not.toContain(b.id);
    later(9_000);
    const answer = await undo(a, b.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ undone: true, swipedId: b.id });
    expect(await deckIds(a)).toContain(b.id);
    // The pass can be made again, and counts again.
    expect((await pass(a, b.id)).status).toBe(200);
    expect(await deckIds(a)).not.toContain(b.id);
  });

  it('refuses after ten seconds, and changes nothing', async () => {
    const { a, b } = await twoNearby();
    expect((await pass(a, b.id)).status).toBe(200);
    later(10_500);
    const answer = await undo(a, b.id);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'undo-expired', error: 'A pass can be undone for 10 seconds' });
    expect(await deckIds(a)).not.toContain(b.id);
  });

  it('undoes once, only the last swipe, only a pass, only your own', async () => {
    const { a, b } = await twoNearby();
    const c = await member('Male', [52.52, 13.42]);
    await eventually(async () => expect(await deckIds(a)).toContain(c.id));
    const nothing = { error: 'There is no pass to undo' };

    expect((await undo(a, b.id)).body).toMatchObject(nothing);
    expect((await pass(a, b.id)).status).toBe(200);
    expect((await swipe(a, c.id)).status).toBe(200);
    // A like followed the pass: the pass is no longer the last swipe, and a like is never undone.
    const notLast = await undo(a, b.id);
    expect([notLast.status, notLast.body]).toEqual([404, expect.objectContaining(nothing)]);
    expect((await undo(a, c.id)).status).toBe(404);
    // Someone else's pass is not yours to undo.
    expect((await pass(b, a.id)).status).toBe(200);
    expect((await undo(c, a.id)).status).toBe(404);
    expect(await deckIds(b)).not.toContain(a.id);
  });

  it('undoes a pass once however many undos arrive at the same moment', async () => {
    const { a, b } = await twoNearby();
    expect((await pass(a, b.id)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 6 }, () => undo(a, b.id)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404, 404, 404, 404, 404]);
  });

  it('is the GraphQL mutation undoPass too, with the same rules', async () => {
    const { a, b } = await twoNearby();
    expect((await pass(a, b.id)).status).toBe(200);
    const undone = await a.graphql('mutation($id: Int!) { undoPass(swipedId: $id) }', { id: b.id });
    expect(undone.body).toEqual({ data: { undoPass: true } });
    const again = await a.graphql('mutation($id: Int!) { undoPass(swipedId: $id) }', { id: b.id });
    expect(again.body.errors[0]).toMatchObject({ message: 'There is no pass to undo', extensions: { code: 'NOT_FOUND' } });
  });
});

/** Someone near Berlin at `km` to the north of the others. */
const northOf = (km: number): [number, number] => [52.52 + km / 111, 13.405];
const choosePlan = (who: Member, plan: string) => who.post('/api/plan', { plan }).expect(200);

describe('priority likes (Night Pass, Plus, Max)', () => {
  it("put the liker's card first in the liked person's next deck, once, and a free like does not", async () => {
    const viewer = await member();
    const near = await Promise.all([member('Male', northOf(1)), member('Male', northOf(1))]);
    const paying = await member('Male', northOf(20));
    const free = await member('Male', northOf(20));
    await eventually(async () => expect(await deckIds(viewer)).toEqual(expect.arrayContaining([...near, paying, free].map((who) => who.id))));
    await choosePlan(paying, 'nightPass');
    await eventually(async () => expect(await deckIds(paying)).toContain(viewer.id));
    expect((await swipe(free, viewer.id)).status).toBe(200);
    expect((await swipe(paying, viewer.id)).status).toBe(200);

    const first = await deckIds(viewer);
    expect(first[0]).toBe(paying.id);
    // Further away than the nearest band, so only the priority put them first; the free like did not.
    expect(first.indexOf(free.id)).toBeGreaterThan(first.indexOf(near[0]!.id));
    const next = await deckIds(viewer);
    expect(next[0]).not.toBe(paying.id);
    expect(next.indexOf(paying.id)).toBeGreaterThan(next.indexOf(near[0]!.id));
  });
});

describe('day access (Night Pass) on the real nightly window', () => {
  let nightly: InProcessStack;
  beforeAll(async () => {
    nightly = await startInProcessStack('plans-swipe-day', { env: { ...liftedSignUpLimits, SWIPE_WINDOW: 'nightly' } });
  }, 60_000);
  afterAll(() => nightly?.stop());

  /** An Etc/GMT zone where it is noon now (Etc/GMT-N is N hours ahead of UTC). */
  const noonZone = () => {
    let offset = (12 - new Date().getUTCHours() + 24) % 24;
    if (offset > 14) offset -= 24;
    return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
  };

  it('lets a Night Pass holder swipe at noon, and nobody else', async () => {
    const a = await nightly.member({ gender: 'Female' });
    const b = await nightly.member({ gender: 'Male', position: northOf(1) });
    const zone = noonZone();
    expect((await a.graphql('mutation ($zone: String!) { setTimeZone(zone: $zone) { id } }', { zone })).status).toBe(200);
    await eventually(async () => expect((await a.get('/api/swipe-window')).body).toMatchObject({ timeZone: zone, open: false }));
    const refused = await swipe(a, b.id);
    expect([refused.status, refused.body.code]).toEqual([403, 'window-closed']);

    await choosePlan(a, 'nightPass');
    expect((await a.get('/api/swipe-window')).body.open).toBe(true);
    expect((await a.graphql('{ swipeWindow { open dayAccess } }')).body.data.swipeWindow).toEqual({ open: true, dayAccess: true });
    expect((await swipe(a, b.id)).status).toBe(200);

    // Plus and Max have no day access.
    await choosePlan(a, 'max');
    expect((await a.graphql('{ swipeWindow { open dayAccess } }')).body.data.swipeWindow).toEqual({ open: false, dayAccess: false });
    expect((await swipe(a, b.id, false)).body.code).toBe('window-closed');
  });
});

describe('Moon-Boost (Plus: 1 a week, Max: 5 a month)', () => {
  const startBoost = (who: Member) => who.post('/api/moon-boost', {});

  it('is refused without the plan, with the night-boost prompt', async () => {
    const free = await member();
    const refused = await startBoost(free);
    expect([refused.status, refused.body]).toEqual([403, { error: 'Moon-Boost comes with Plus and Max', code: 'night-boost' }]);
    expect((await free.get('/api/moon-boost')).body).toEqual({ active: null, allowance: 0, left: 0, renewsAt: null, last: null });
  });

  it('puts the card first in nearby decks whose filters admit it for 30 minutes, then says how many people saw it', async () => {
    const viewer = await member();
    const near = await member('Male', northOf(1));
    const booster = await member('Male', northOf(20));
    // Someone nearby whose filters leave the booster out never sees the card, boost or not.
    const notForHim = await member('Female', northOf(2));
    expect((await notForHim.put('/api/deck-filters', { gender: 'Female' })).status).toBe(200);
    await eventually(async () => expect(await deckIds(viewer)).toEqual(expect.arrayContaining([near.id, booster.id])));
    expect((await deckIds(viewer))[0]).not.toBe(booster.id);
    await choosePlan(booster, 'plus');

    const started = await startBoost(booster);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ active: { startedAt: expect.any(String), endsAt: expect.any(String) }, allowance: 1, left: 0, last: null });
    expect(Date.parse(started.body.active.endsAt) - Date.parse(started.body.active.startedAt)).toBe(30 * 60_000);
    expect((await deckIds(viewer))[0]).toBe(booster.id);
    expect((await deckIds(viewer))[0]).toBe(booster.id);
    expect(await deckIds(notForHim)).not.toContain(booster.id);

    later(30 * 60_000 + 1000);
    expect((await deckIds(viewer))[0]).not.toBe(booster.id);
    const after = (await booster.get('/api/moon-boost')).body;
    expect(after).toMatchObject({ active: null, allowance: 1, left: 0, last: { viewers: 1 } });
    // The week's boost is spent.
    expect((await startBoost(booster)).body.code).toBe('night-boost');
  });

  it('never gives more boosts than the allowance, however many requests arrive at once', async () => {
    const plus = await member();
    await choosePlan(plus, 'plus');
    const answers = await Promise.all(Array.from({ length: 6 }, () => startBoost(plus)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.every((answer) => [200, 403, 409].includes(answer.status))).toBe(true);
    later(31 * 60_000);
    expect((await startBoost(plus)).body.code).toBe('night-boost');
    expect((await plus.get('/api/moon-boost')).body.left).toBe(0);
  });
});

describe("who's awake (everyone) and night-owl matching (Max)", () => {
  /** People in one 1 km cell of their own, far from the other tests' people. */
  const at = (place: [number, number], gender = 'Male') => member(gender, place);

  it('orders people awake tonight first within a distance band, from the quarter hour after their first deck read', async () => {
    const place: [number, number] = [40.4168, -3.7038];
    const viewer = await at(place, 'Female');
    const people = await Promise.all(Array.from({ length: 6 }, () => at(place)));
    await eventually(async () => expect(await deckIds(viewer)).toEqual(expect.arrayContaining(people.map((who) => who.id))));
    const awake = people.slice(0, 2);
    for (const who of awake) await deckIds(who);
    later(15 * 60_000);
    const order = await deckIds(viewer);
    expect(new Set(order.slice(0, 2))).toEqual(new Set(awake.map((who) => who.id)));
  });

  it('refuses night-owl matching without Max like the advanced filters, and keeps it for Max', async () => {
    const plus = await member();
    await choosePlan(plus, 'plus');
    const refused = await plus.put('/api/deck-filters', { nightOwl: true });
    expect([refused.status, refused.body]).toEqual([403, { error: 'Night-owl matching comes with Max', code: 'advanced-filters' }]);
    expect((await plus.get('/api/deck-filters')).body.nightOwl).toBe(false);
    await choosePlan(plus, 'max');
    expect((await plus.put('/api/deck-filters', { nightOwl: true })).body).toMatchObject({ nightOwl: true });
    expect((await plus.graphql('{ deckFilters { nightOwl } }')).body.data).toEqual({ deckFilters: { nightOwl: true } });
  });

  it('puts the closest night-owl scores first within a band when a Max member chooses it', async () => {
    const place: [number, number] = [48.8566, 2.3522];
    const viewer = await at(place, 'Female');
    const target = await at([48.9, 2.35], 'Female');
    const owls = await Promise.all(Array.from({ length: 3 }, () => at(place)));
    const larks = await Promise.all(Array.from({ length: 3 }, () => at(place)));
    /** A zone in which the swipe service's clock now shows `hour`. */
    const zoneAt = (hour: number) => {
      let offset = (hour - new Date(Date.now() + offsetMs).getUTCHours() + 24) % 24;
      if (offset > 14) offset -= 24;
      return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
    };
    // Night owls swipe at 11 PM on their clock (score 10), larks at noon (score 0); the viewer is an owl.
    for (const [who, hour] of [...[viewer, ...owls].map((w) => [w, 23] as const), ...larks.map((w) => [w, 12] as const)]) {
      const zone = zoneAt(hour);
      expect((await who.graphql('mutation ($zone: String!) { setTimeZone(zone: $zone) { id } }', { zone })).status).toBe(200);
      await eventually(async () => expect((await who.get('/api/swipe-window')).body.timeZone).toBe(zone));
      expect((await swipe(who, target.id, false)).status).toBe(200);
    }
    await eventually(async () => expect(await deckIds(viewer)).toEqual(expect.arrayContaining([...owls, ...larks].map((who) => who.id))));
    await choosePlan(viewer, 'max');
    expect((await viewer.put('/api/deck-filters', { nightOwl: true })).status).toBe(200);
    const order = (await deckIds(viewer)).filter((id) => [...owls, ...larks].some((who) => who.id === id));
    expect(new Set(order.slice(0, 3))).toEqual(new Set(owls.map((who) => who.id)));
  });
});
