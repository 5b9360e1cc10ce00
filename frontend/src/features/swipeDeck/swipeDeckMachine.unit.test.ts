import { createActor, fromPromise, waitFor } from 'xstate';
import type { ReportReason, SwipeKind } from '@nocturne/contracts';
import { HttpError } from '../../api/http';
import type { DeckProfile, Quota, SwipeResult, SwipeWindowInfo } from '../../api/swipe';
import { prefetchDeck } from '../../prefetch/deckPrefetch';
import { fakeFetch } from '../../testing/fakeFetch';
import { BLOCK_FAILED, REPORT_SENT } from '../safety/safetyToasts';
import { loadDeck, LOW_WATER, SWIPE_FAILED, swipeDeckMachine, UNDO_OFFER_MS, type DeckLoad } from './swipeDeckMachine';

const ME = 1;

const profile = (id: number, name = `Owl ${id}`): DeckProfile => ({
  id,
  username: `owl${id}`,
  name,
  age: 30,
  photos: [`/api/photos/${id}/display`],
  bio: null,
  kinks: [],
  interests: [],
  location: null,
  distance: 3,
  isOnline: false,
  isVerified: false,
  nightOwlScore: 5,
  superLikedYou: false,
  sharedKinks: [],
  photosHidden: false,
  voiceIntro: null,
});
const profiles = (from: number, count: number) => Array.from({ length: count }, (_, i) => profile(from + i));

const freeQuota = (likesUsed = 0): Quota => ({
  plan: 'free',
  night: '2026-11-23',
  likesPerNight: 30,
  likesUsed,
  likesRemaining: 30 - likesUsed,
  superLikesPerNight: 0,
  superLikesUsed: 0,
  resetsAt: '2026-11-24T19:00:00.000Z',
});
const plusQuota = (superLikesUsed = 0): Quota => ({ ...freeQuota(), plan: 'plus', likesPerNight: null, likesRemaining: null, superLikesPerNight: 3, superLikesUsed });

const openWindow: SwipeWindowInfo = { open: true, mode: 'nightly', opensAt: '2026-11-24T19:00:00.000Z', timeZone: 'Europe/Berlin', now: new Date().toISOString() };
const loadOf = (cards: DeckProfile[], quota: Quota = freeQuota(), window: SwipeWindowInfo = openWindow): DeckLoad => ({ window, clockOffsetMs: 0, quota, profiles: cards });

const resultOf = (quota: Quota, match: SwipeResult['match'] = null): SwipeResult => ({ isMatch: match !== null, matchId: match?.id ?? null, match, quota });
const refusal = (status: number, code?: string, error = 'refused') => new HttpError(status, JSON.stringify({ error, ...(code && { code }) }), '');

interface Fakes {
  load?: (input: { restart: boolean }) => Promise<DeckLoad>;
  more?: (input: { restart: boolean }) => Promise<DeckProfile[]>;
  swipe?: (input: { swiperId: number; swipedId: number; kind: SwipeKind }) => Promise<SwipeResult>;
  quota?: () => Promise<Quota>;
  block?: (input: { userId: number }) => Promise<void>;
  report?: (input: { userId: number; reason: ReportReason; text: string }) => Promise<void>;
  undo?: (input: { swipedId: number }) => Promise<unknown>;
}

function start(fakes: Fakes, firstLoad?: DeckLoad) {
  const notify = jest.fn();
  const navigate = jest.fn();
  const load = jest.fn(fakes.load ?? (async () => loadOf(profiles(100, 3))));
  const more = jest.fn(fakes.more ?? (async () => []));
  const swipe = jest.fn(fakes.swipe ?? (async () => resultOf(freeQuota(1))));
  const quota = jest.fn(fakes.quota ?? (async () => freeQuota()));
  const block = jest.fn(fakes.block ?? (async () => undefined));
  const report = jest.fn(fakes.report ?? (async () => undefined));
  const undo = jest.fn(fakes.undo ?? (async () => ({ undone: true })));
  const actor = createActor(
    swipeDeckMachine.provide({
      actors: {
        loadDeck: fromPromise(({ input }) => load(input)),
        fetchMore: fromPromise(({ input }) => more(input)),
        sendSwipe: fromPromise(({ input }) => swipe(input)),
        loadQuota: fromPromise(() => quota()),
        block: fromPromise(({ input }) => block(input)),
        report: fromPromise(({ input }) => report(input)),
        undoPass: fromPromise(({ input }) => undo(input)),
      },
      actions: { notify, navigate },
    }),
    { input: { userId: ME, ...(firstLoad && { firstLoad }) } },
  ).start();
  const deckState = () => actor.getSnapshot().value as { deck: string; supply: string };
  const settle = (state: string) => waitFor(actor, (s) => (s.value as { deck: string }).deck === state);
  const safetyState = () => (actor.getSnapshot().value as { safety: string }).safety;
  const undoState = () => (actor.getSnapshot().value as { undo: string }).undo;
  return { actor, notify, navigate, load, more, swipe, quota, block, report, undo, deckState, safetyState, undoState, settle };
}

describe('swipeDeckMachine loading', () => {
  it('shows a spinner state first, then the cards with tonight’s quota', async () => {
    const { actor, deckState, settle } = start({});
    expect(deckState().deck).toBe('loading');
    await settle('ready');
    expect(actor.getSnapshot().context.profiles.map((p) => p.id)).toEqual([100, 101, 102]);
    expect(actor.getSnapshot().context.quota?.likesRemaining).toBe(30);
  });

  it('opens on the cards at once when their first load came with the app, and asks the server on the next load', async () => {
    const { actor, deckState, load, settle } = start({ load: async () => loadOf(profiles(200, 3)) }, loadOf(profiles(100, 3)));
    expect(deckState().deck).toBe('ready');
    expect(actor.getSnapshot().context.profiles.map((p) => p.id)).toEqual([100, 101, 102]);
    expect(actor.getSnapshot().context.quota?.likesRemaining).toBe(30);
    expect(load).not.toHaveBeenCalled();
    actor.send({ type: 'FILTERS_CHANGED' });
    await settle('ready');
    expect(load).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.profiles.map((p) => p.id)).toEqual([200, 201, 202]);
  });

  it('opens on the closed window at once when the first load that came with the app says so', () => {
    const { deckState, load } = start({}, loadOf(profiles(100, 3), freeQuota(), { ...openWindow, open: false }));
    expect(deckState().deck).toBe('windowClosed');
    expect(load).not.toHaveBeenCalled();
  });

  it('shows the closed window when the server says swiping has not opened yet', async () => {
    const { actor, settle } = start({ load: async () => loadOf(profiles(100, 3), freeQuota(), { ...openWindow, open: false }) });
    await settle('windowClosed');
    expect(actor.getSnapshot().context.window?.opensAt).toBe(openWindow.opensAt);
  });

  it('re-checks the window when 8:00 PM comes', async () => {
    jest.useFakeTimers();
    try {
      const opensAt = new Date(Date.now() + 60_000).toISOString();
      let open = false;
      const { settle, load } = start({ load: async () => loadOf(profiles(100, 3), freeQuota(), { ...openWindow, open, opensAt }) });
      await settle('windowClosed');
      open = true;
      await jest.advanceTimersByTimeAsync(61_000);
      await settle('ready');
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it("says 'No More Profiles' when there is nobody, and 'Restart' asks for passed people", async () => {
    const { actor, load, settle } = start({ load: async ({ restart }) => loadOf(restart ? [profile(7)] : []) });
    await settle('empty');
    actor.send({ type: 'RESTART' });
    await settle('ready');
    expect(load).toHaveBeenLastCalledWith({ restart: true });
    expect(actor.getSnapshot().context.profiles.map((p) => p.id)).toEqual([7]);
  });

  it("'Restart' brings back the people passed since the deck opened", async () => {
    const passed: number[] = [];
    const { actor, settle } = start({
      load: async ({ restart }) => loadOf(restart ? profiles(7, 1).filter((p) => passed.includes(p.id)) : profiles(7, 1).filter((p) => !passed.includes(p.id))),
      swipe: async ({ swipedId }) => {
        passed.push(swipedId);
        return resultOf(freeQuota());
      },
    });
    await settle('ready');
    actor.send({ type: 'SWIPE', kind: 'pass' });
    await settle('empty');
    actor.send({ type: 'RESTART' });
    await settle('ready');
    expect(actor.getSnapshot().context.profiles.map((p) => p.id)).toEqual([7]);
  });

  it('fails visibly when the deck cannot be loaded, and tries again on request', async () => {
    let attempts = 0;
    const { actor, settle } = start({
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return loadOf(profiles(1, 2));
      },
    });
    await settle('failed');
    actor.send({ type: 'RETRY' });
    await settle('ready');
  });
});

describe('swipeDeckMachine swiping', () => {
  it('sends a like as the signed-in person, takes the card off at once and announces it', async () => {
    let finish: (result: SwipeResult) => void = () => {};
    const { actor, swipe, deckState, settle } = start({ swipe: () => new Promise((resolve) => (finish = resolve)) });
    await settle('ready');
    actor.send({ type: 'SWIPE', kind: 'like' });
    expect(deckState().deck).toBe('sending');
    expect(actor.getSnapshot().context.profiles.map((p) => p.id)).toEqual([101, 102]);
    expect(swipe).toHaveBeenCalledWith({ swiperId: ME, swipedId: 100, kind: 'like' });

    actor.send({ type: 'SWIPE', kind: 'like' });
    expect(swipe).toHaveBeenCalledTimes(1);

    finish(resultOf(freeQuota(1)));
    await settle('ready');
    expect(actor.getSnapshot().context).toMatchObject({ swiped: [100], announcement: 'You liked Owl 100.', quota: { likesUsed: 1 } });
  });

  it.each([
    ['pass', 'You passed on Owl 100.'],
    ['superlike', 'You super-liked Owl 100.'],
  ] as const)('sends a %s', async (kind, announcement) => {
    const { actor, swipe, settle } = start({ load: async () => loadOf(profiles(100, 3), plusQuota()), swipe: async () => resultOf(plusQuota(kind === 'superlike' ? 1 : 0)) });
    await settle('ready');
    actor.send({ type: 'SWIPE', kind });
    await settle('ready');
    expect(swipe).toHaveBeenCalledWith({ swiperId: ME, swipedId: 100, kind });
    expect(actor.getSnapshot().context.announcement).toBe(announcement);
  });

  it("opens the match popup when the like is mutual; 'Keep Swiping' closes it and 'Start Chatting' opens the conversation with them", async () => {
    const match = { id: 9, user1Id: 1, user2Id: 100, createdAt: '2026-11-23T21:00:00.000Z', otherUser: { id: 100, name: 'Selene', photo: '/p' }, superLikedYou: false };
    const { actor, navigate, settle } = start({ swipe: async () => resultOf(freeQuota(1), match) });
    await settle('ready');
    actor.send({ type: 'SWIPE', kind: 'like' });
    await settle('matched');
    expect(actor.getSnapshot().context.match).toEqual(match);
    expect(actor.getSnapshot().context.announcement).toBe("It's a Match! You and Selene liked each other.");
    actor.send({ type: 'START_CHATTING' });
    expect(navigate).toHaveBeenCalledWith(expect.anything(), { to: '/chat?with=9' });
    actor.send({ type: 'KEEP_SWIPING' });
    await settle('ready');
    expect(actor.getSnapshot().context.match).toBeNull();
  });

  it("puts the card back and says 'Failed to process swipe' when the swipe fails", async () => {
    const { actor, notify, settle } = start({
      swipe: async () => {
        throw new HttpError(500, '{"error":"Something went wrong"}', '');
      },
    });
    await settle('ready');
    actor.send({ type: 'SWIPE', kind: 'like' });
    await waitFor(actor, () => notify.mock.calls.length > 0);
    await settle('ready');
    expect(notify).toHaveBeenCalledWith(expect.anything(), SWIPE_FAILED);
    expect(SWIPE_FAILED).toEqual({ title: 'Error', description: 'Failed to process swipe', variant: 'destructive' });
    expect(actor.getSnapshot().context.profiles.map((p) => p.id)).toEqual([100, 101, 102]);
  });

  it('drops the card of someone who is gone (404) without an error', async () => {
    const { actor, notify, settle } = start({
      swipe: async () => {
        throw refusal(404, undefined, 'This person is no longer here');
      },
    });
    await settle('ready');
    actor.send({ type: 'SWIPE', kind: 'pass' });
    await waitFor(actor, (s) => s.context.inFlight === null && s.context.swiped.length === 1);
    expect(actor.getSnapshot().context.profiles.map((p) => p.id)).toEqual([101, 102]);
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('swipeDeckMachine limits', () => {
  it("shows the nudge after the like that leaves 5, and lets it be dismissed", async () => {
    const { actor, settle } = start({ load: async () => loadOf(profiles(100, 3), freeQuota(24)), swipe: async () => resultOf(freeQuota(25)) });
    await settle('ready');
    expect(actor.getSnapshot().context.nudge).toBe(false);
    actor.send({ type: 'SWIPE', kind: 'like' });
    await waitFor(actor, (s) => s.context.nudge);
    actor.send({ type: 'DISMISS_NUDGE' });
    expect(actor.getSnapshot().context.nudge).toBe(false);
  });

  it('shows no nudge after a pass, nor on an unlimited plan', async () => {
    const free = start({ load: async () => loadOf(profiles(100, 3), freeQuota(25)), swipe: async () => resultOf(freeQuota(25)) });
    await free.settle('ready');
    free.actor.send({ type: 'SWIPE', kind: 'pass' });
    await waitFor(free.actor, (s) => s.context.swiped.length === 1);
    expect(free.actor.getSnapshot().context.nudge).toBe(false);

    const plus = start({ load: async () => loadOf(profiles(100, 3), plusQuota()), swipe: async () => resultOf({ ...plusQuota(), likesUsed: 25 }) });
    await plus.settle('ready');
    plus.actor.send({ type: 'SWIPE', kind: 'like' });
    await waitFor(plus.actor, (s) => s.context.swiped.length === 1);
    expect(plus.actor.getSnapshot().context.nudge).toBe(false);
  });

  it('opens the likes prompt instead of sending once tonight’s likes are used, but still lets a pass through', async () => {
    const { actor, swipe, settle } = start({ load: async () => loadOf(profiles(100, 3), freeQuota(30)), swipe: async () => resultOf(freeQuota(30)) });
    await settle('ready');
    actor.send({ type: 'SWIPE', kind: 'like' });
    await settle('outOfLikes');
    expect(swipe).not.toHaveBeenCalled();
    actor.send({ type: 'CLOSE_PROMPT' });
    await settle('ready');
    actor.send({ type: 'SWIPE', kind: 'pass' });
    await waitFor(actor, (s) => s.context.swiped.length === 1);
    expect(swipe).toHaveBeenCalledWith({ swiperId: ME, swipedId: 100, kind: 'pass' });
  });

  it("follows the server's refusal (likes-limit) and keeps the card", async () => {
    const { actor, settle } = start({
      swipe: async () => {
        throw refusal(403, 'likes-limit', "You've used all your likes!");
      },
    });
    await settle('ready');
    actor.send({ type: 'SWIPE', kind: 'like' });
    await settle('outOfLikes');
    expect(actor.getSnapshot().context.profiles[0]!.id).toBe(100);
    expect(actor.getSnapshot().context.quota?.likesRemaining).toBe(0);
  });

  it('opens the super-likes prompt on the free plan (0 a night), and on a refusal by the server', async () => {
    const free = start({});
    await free.settle('ready');
    free.actor.send({ type: 'SWIPE', kind: 'superlike' });
    await free.settle('superLikesUsedUp');
    expect(free.swipe).not.toHaveBeenCalled();

    const plus = start({
      load: async () => loadOf(profiles(100, 3), plusQuota(2)),
      swipe: async () => {
        throw refusal(403, 'super-likes-used', 'Super-Likes used up!');
      },
    });
    await plus.settle('ready');
    plus.actor.send({ type: 'SWIPE', kind: 'superlike' });
    await plus.settle('superLikesUsedUp');
    expect(plus.actor.getSnapshot().context.quota?.superLikesUsed).toBe(3);
  });

  it('reloads the quota after a plan change from the prompt, and then sends', async () => {
    const { actor, swipe, quota, settle } = start({ quota: async () => plusQuota(), swipe: async () => resultOf(plusQuota(1)) });
    await settle('ready');
    actor.send({ type: 'SWIPE', kind: 'superlike' });
    await settle('superLikesUsedUp');
    actor.send({ type: 'PLAN_CHANGED' });
    await waitFor(actor, (s) => s.context.quota?.plan === 'plus');
    await settle('ready');
    expect(quota).toHaveBeenCalledTimes(1);
    actor.send({ type: 'SWIPE', kind: 'superlike' });
    await waitFor(actor, (s) => s.context.swiped.length === 1);
    expect(swipe).toHaveBeenCalledWith({ swiperId: ME, swipedId: 100, kind: 'superlike' });
  });

  it('reloads when the server says the window closed meanwhile', async () => {
    let open = true;
    const { actor, settle } = start({
      load: async () => loadOf(profiles(100, 3), freeQuota(), { ...openWindow, open }),
      swipe: async () => {
        open = false;
        throw refusal(403, 'window-closed', 'Swiping opens at 8:00 PM');
      },
    });
    await settle('ready');
    actor.send({ type: 'SWIPE', kind: 'like' });
    await settle('windowClosed');
  });
});

describe('swipeDeckMachine supply', () => {
  it('fetches the next page when few cards are left, without cards it already has or was swiped', async () => {
    let finishPage: (page: DeckProfile[]) => void = () => {};
    const { actor, more, settle } = start({
      load: async () => loadOf(profiles(100, 20)),
      more: () => new Promise((resolve) => (finishPage = resolve)),
      swipe: async () => resultOf(freeQuota(1)),
    });
    await settle('ready');
    expect(more).not.toHaveBeenCalled();
    for (let i = 0; i < 20 - LOW_WATER; i++) {
      actor.send({ type: 'SWIPE', kind: 'pass' });
      await waitFor(actor, (s) => s.context.swiped.length === i + 1);
      await settle('ready');
    }
    await waitFor(actor, () => more.mock.calls.length === 1);
    // The server answers with the cards still in hand, one swiped a moment ago, and new ones.
    finishPage([...profiles(115, 5), profile(100), ...profiles(200, 15)]);
    await waitFor(actor, (s) => s.context.profiles.length === 20);
    expect(actor.getSnapshot().context.profiles.map((p) => p.id)).toEqual([...[115, 116, 117, 118, 119], ...profiles(200, 15).map((p) => p.id)]);
    expect(actor.getSnapshot().context.exhausted).toBe(false);
  });

  it('ends with the empty state once the server has nothing new', async () => {
    const { actor, more, settle } = start({ load: async () => loadOf(profiles(100, 20)), more: async () => profiles(100, 20) });
    await settle('ready');
    for (let i = 0; i < 20; i++) {
      actor.send({ type: 'SWIPE', kind: 'pass' });
      await waitFor(actor, (s) => s.context.swiped.length === i + 1);
    }
    await settle('empty');
    expect(more).toHaveBeenCalled();
  });

  it('drops a page that was asked for before the filters changed', async () => {
    let finishPage: (page: DeckProfile[]) => void = () => {};
    let loads = 0;
    const { actor, more, settle } = start({
      load: async () => {
        loads += 1;
        return loadOf(loads === 1 ? profiles(100, 20) : profiles(300, 2));
      },
      more: () => new Promise((resolve) => (finishPage = resolve)),
    });
    await settle('ready');
    for (let i = 0; i < 20 - LOW_WATER; i++) {
      actor.send({ type: 'SWIPE', kind: 'pass' });
      await waitFor(actor, (s) => s.context.swiped.length === i + 1);
    }
    await waitFor(actor, (s) => (s.value as { supply: string }).supply === 'fetching');
    actor.send({ type: 'FILTERS_CHANGED' });
    await waitFor(actor, (s) => s.context.profiles[0]?.id === 300);
    finishPage(profiles(500, 20));
    await waitFor(actor, (s) => (s.value as { supply: string }).supply === 'idle');
    expect(more).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.profiles.map((p) => p.id)).toEqual([300, 301]);
  });
});

describe('loadDeck, the deck loaded with the app', () => {
  const earlyWindow = { open: true, mode: 'night', now: '2026-11-25T21:00:00.000Z', opensAt: null, closesAt: '2026-11-26T03:00:00.000Z', timeZone: 'Europe/Berlin' };
  const earlyQuota = { likesLeft: 30, superLikesLeft: 0 };
  const membership = { plan: 'free', isPremium: false };
  const card = { id: 9, name: 'Jonas', age: 29, photos: ['/api/photos/p9/display'], photoCount: 1, interests: [], kinks: [] };

  it('is what the deck shows first: no second request for the same cards', async () => {
    const fetchMock = fakeFetch({ status: 200, body: earlyWindow }, { status: 200, body: earlyQuota }, { status: 200, body: [card] }, { status: 200, body: membership });
    prefetchDeck();
    const load = await loadDeck({ restart: false });
    expect(load.profiles).toEqual([card]);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('loads afresh when the early load failed (signed out then, signed in now)', async () => {
    const fetchMock = fakeFetch({ status: 401 }, { status: 401 }, { status: 401 }, { status: 401 }, { status: 200, body: earlyWindow }, { status: 200, body: earlyQuota }, { status: 200, body: [card] });
    prefetchDeck();
    await expect(loadDeck({ restart: false })).resolves.toMatchObject({ profiles: [card] });
    expect(fetchMock).toHaveBeenCalledTimes(7);
  });
});

describe('swipeDeckMachine block and report from the detail sheet', () => {
  const ids = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.profiles.map((p) => p.id);

  it('blocks after the confirmation, then drops the card at once and moves on; a later page never brings it back', async () => {
    const { actor, block, settle, safetyState } = start({ load: async () => loadOf(profiles(100, 20)), more: async () => profiles(100, 21) });
    await settle('ready');
    actor.send({ type: 'CHOOSE_BLOCK', profile: profile(100) });
    expect(safetyState()).toBe('confirmingBlock');
    actor.send({ type: 'CONFIRM_BLOCK' });
    await waitFor(actor, (s) => (s.value as { safety: string }).safety === 'idle');
    expect(block).toHaveBeenCalledWith({ userId: 100 });
    expect(ids(actor)[0]).toBe(101);
    expect(actor.getSnapshot().context.announcement).toBe('You blocked Owl 100.');
    for (let i = 0; i < 20 - LOW_WATER; i++) {
      actor.send({ type: 'SWIPE', kind: 'pass' });
      await waitFor(actor, (s) => s.context.swiped.length === i + 1);
    }
    await waitFor(actor, (s) => s.context.profiles.some((p) => p.id === 120));
    expect(ids(actor)).not.toContain(100);
  });

  it('drops any card of the stack, not only the top one, and shows the empty state when it was the last', async () => {
    const { actor, settle } = start({ load: async () => loadOf(profiles(100, 2)) });
    await settle('ready');
    actor.send({ type: 'PERSON_BLOCKED', userId: 101 });
    expect(ids(actor)).toEqual([100]);
    actor.send({ type: 'PERSON_BLOCKED', userId: 100 });
    await settle('empty');
  });

  it('keeps the card and changes nothing when the block is cancelled or fails', async () => {
    const { actor, block, notify, settle, safetyState } = start({
      block: async () => {
        throw new Error('offline');
      },
    });
    await settle('ready');
    actor.send({ type: 'CHOOSE_BLOCK', profile: profile(100) });
    actor.send({ type: 'CANCEL_SAFETY' });
    expect(safetyState()).toBe('idle');
    expect(block).not.toHaveBeenCalled();
    actor.send({ type: 'CHOOSE_BLOCK', profile: profile(100) });
    actor.send({ type: 'CONFIRM_BLOCK' });
    await waitFor(actor, () => notify.mock.calls.length === 1);
    expect(notify).toHaveBeenCalledWith(expect.anything(), BLOCK_FAILED);
    expect(safetyState()).toBe('confirmingBlock');
    expect(ids(actor)).toEqual([100, 101, 102]);
  });

  it('reports with the reason and text, says so, and the card stays', async () => {
    const { actor, report, block, notify, settle, safetyState } = start({});
    await settle('ready');
    actor.send({ type: 'CHOOSE_REPORT', profile: profile(101) });
    actor.send({ type: 'CONFIRM_REPORT', reason: 'fake-profile', text: 'Stolen photos', alsoBlock: false });
    await waitFor(actor, () => notify.mock.calls.length === 1);
    expect(report).toHaveBeenCalledWith({ userId: 101, reason: 'fake-profile', text: 'Stolen photos' });
    expect(notify).toHaveBeenCalledWith(expect.anything(), REPORT_SENT);
    expect(safetyState()).toBe('idle');
    expect(block).not.toHaveBeenCalled();
    expect(ids(actor)).toEqual([100, 101, 102]);
  });

  it("reports and blocks when 'Block too' is ticked: the card goes after both", async () => {
    const { actor, report, block, notify, settle } = start({});
    await settle('ready');
    actor.send({ type: 'CHOOSE_REPORT', profile: profile(100) });
    actor.send({ type: 'CONFIRM_REPORT', reason: 'harassment', text: '', alsoBlock: true });
    await waitFor(actor, (s) => s.context.blocked.includes(100));
    expect(report).toHaveBeenCalledWith({ userId: 100, reason: 'harassment', text: '' });
    expect(block).toHaveBeenCalledWith({ userId: 100 });
    expect(notify).toHaveBeenCalledWith(expect.anything(), REPORT_SENT);
    expect(ids(actor)).toEqual([101, 102]);
  });
});

describe('swipeDeckMachine undo', () => {
  it('offers Undo after a pass and puts the card back on top when the server takes the pass back', async () => {
    const { actor, undo, undoState, settle } = start({});
    await settle('ready');
    actor.send({ type: 'SWIPE', kind: 'pass' });
    await waitFor(actor, () => undoState() === 'offered');
    expect(actor.getSnapshot().context.undoable?.id).toBe(100);
    actor.send({ type: 'UNDO' });
    await waitFor(actor, () => undoState() === 'idle');
    expect(undo).toHaveBeenCalledWith({ swipedId: 100 });
    expect(actor.getSnapshot().context.profiles.map((p) => p.id)).toEqual([100, 101, 102]);
    expect(actor.getSnapshot().context.announcement).toBe('Owl 100 is back on top.');
  });

  it('offers no Undo after a like, and withdraws it when the next swipe comes', async () => {
    const { actor, undoState, settle } = start({ load: async () => loadOf(profiles(100, 5)) });
    await settle('ready');
    actor.send({ type: 'SWIPE', kind: 'like' });
    await settle('ready');
    expect(undoState()).toBe('idle');
    actor.send({ type: 'SWIPE', kind: 'pass' });
    await waitFor(actor, () => undoState() === 'offered');
    actor.send({ type: 'SWIPE', kind: 'like' });
    await settle('ready');
    expect(undoState()).toBe('idle');
    expect(actor.getSnapshot().context.undoable).toBeNull();
  });

  it('brings the deck back from empty when the last card passed is undone', async () => {
    const { actor, undoState, settle } = start({ load: async () => loadOf(profiles(100, 1)) });
    await settle('ready');
    actor.send({ type: 'SWIPE', kind: 'pass' });
    await settle('empty');
    actor.send({ type: 'UNDO' });
    await settle('ready');
    expect(undoState()).toBe('idle');
    expect(actor.getSnapshot().context.profiles.map((p) => p.id)).toEqual([100]);
  });

  it('says it is too late when the server refuses with undo-expired, and keeps the card gone', async () => {
    const { actor, notify, undoState, settle } = start({ undo: async () => Promise.reject(refusal(403, 'undo-expired')) });
    await settle('ready');
    actor.send({ type: 'SWIPE', kind: 'pass' });
    await waitFor(actor, () => undoState() === 'offered');
    actor.send({ type: 'UNDO' });
    await waitFor(actor, () => undoState() === 'idle');
    expect(notify).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ title: 'Too late to undo' }));
    expect(actor.getSnapshot().context.profiles.map((p) => p.id)).toEqual([101, 102]);
  });

  it('withdraws the offer after UNDO_OFFER_MS', async () => {
    jest.useFakeTimers();
    try {
      const { actor, undoState, settle } = start({});
      await settle('ready');
      actor.send({ type: 'SWIPE', kind: 'pass' });
      await jest.advanceTimersByTimeAsync(0);
      expect(undoState()).toBe('offered');
      await jest.advanceTimersByTimeAsync(UNDO_OFFER_MS + 1);
      expect(undoState()).toBe('idle');
    } finally {
      jest.useRealTimers();
    }
  });
});
