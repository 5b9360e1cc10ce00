import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';
import type { ReportReason, SwipeKind } from '@nocturne/contracts';
import { LIKES_NUDGE_REMAINING, PASS_UNDO_MS, type LimitReason } from '@nocturne/contracts/plans';
import { HttpError } from '../../api/http';
import { limitReasonOf } from '../../api/limitReason';
import {
  clockOffsetOf,
  DECK_PAGE_SIZE,
  fetchDeck,
  fetchQuota,
  fetchSwipeWindow,
  sendSwipe,
  undoPass,
  type DeckProfile,
  type Match,
  type Quota,
  type SwipeResult,
  type SwipeWindowInfo,
} from '../../api/swipe';
import { blockPerson, reportProfile } from '../../api/safety';
import { toast, type ToastInput } from '../../toast/toastStore';
import { BLOCK_FAILED, REPORT_FAILED, REPORT_SENT } from '../safety/safetyToasts';
import { takePrefetchedDeck, type FirstDeck } from '../../prefetch/deckPrefetch';

/** Below this many cards in hand the next page is fetched, so three stay stacked and the next images load. */
export const LOW_WATER = 5;

/** How long the Undo snackbar stays after a pass: a little less than the server allows, for the way there. */
export const UNDO_OFFER_MS = PASS_UNDO_MS - 1000;

export interface DeckLoad {
  window: SwipeWindowInfo;
  /** Server time minus browser time when the window arrived. */
  clockOffsetMs: number;
  quota: Quota;
  profiles: DeckProfile[];
}

export interface SwipeInFlight {
  profile: DeckProfile;
  kind: SwipeKind;
}

/** Whom a Block or Report dialog is about, and whether a report is to block them too. */
export interface SafetyTarget {
  profile: DeckProfile;
  alsoBlock: boolean;
}

export interface SwipeDeckContext {
  userId: number;
  /** The cards in hand; the first is on top. */
  profiles: DeckProfile[];
  /** Ids swiped since the deck opened: a page fetched before a swipe landed must not bring them back. */
  swiped: number[];
  inFlight: SwipeInFlight | null;
  /** The direction the last card left in, for its exit animation. */
  lastKind: SwipeKind | null;
  quota: Quota | null;
  window: SwipeWindowInfo | null;
  clockOffsetMs: number;
  /** True once the first page arrived: only then are further pages fetched. */
  loaded: boolean;
  /** The server has nothing beyond the cards in hand. */
  exhausted: boolean;
  /** The last page could not be fetched; the next load tries again. */
  supplyFailed: boolean;
  /** 'Restart' asked for passed people to come back. */
  restarted: boolean;
  match: Match | null;
  /** The 'Only 5 likes remaining' banner. */
  nudge: boolean;
  /** What the live region reads after each swipe. */
  announcement: string;
  /** The first load when it was in before the deck opened (the app's early load): stored as it opens. */
  firstLoad: DeckLoad | null;
  /** Blocked since the deck opened: never shown again, 'Restart' or not, whatever a page still carries. */
  blocked: number[];
  safety: SafetyTarget | null;
  /** The person just passed, while the pass can still be undone (the snackbar). */
  undoable: DeckProfile | null;
  /** An undo is on its way: no swipe until the card is back. */
  undoing: boolean;
}

export type SwipeDeckEvent =
  | { type: 'SWIPE'; kind: SwipeKind }
  | { type: 'RESTART' }
  | { type: 'RETRY' }
  | { type: 'FILTERS_CHANGED' }
  | { type: 'PLAN_CHANGED' }
  | { type: 'CLOSE_PROMPT' }
  | { type: 'KEEP_SWIPING' }
  | { type: 'START_CHATTING' }
  | { type: 'DISMISS_NUDGE' }
  | { type: 'UNDO' }
  /** An undone pass put its card back on top. */
  | { type: 'CARD_RETURNED' }
  // From the detail sheet: block or report a person on the deck.
  | { type: 'CHOOSE_BLOCK'; profile: DeckProfile }
  | { type: 'CHOOSE_REPORT'; profile: DeckProfile }
  | { type: 'CANCEL_SAFETY' }
  | { type: 'CONFIRM_BLOCK' }
  | { type: 'CONFIRM_REPORT'; reason: ReportReason; text: string; alsoBlock: boolean }
  /** The person is blocked: their card goes at once and the deck moves on. */
  | { type: 'PERSON_BLOCKED'; userId: number };

export const SWIPE_FAILED: ToastInput = { title: 'Error', description: 'Failed to process swipe', variant: 'destructive' };
export const UNDO_TOO_LATE: ToastInput = { title: 'Too late to undo', description: 'A pass can be undone for 10 seconds.' };
export const UNDO_FAILED: ToastInput = { title: 'Error', description: 'The pass could not be undone', variant: 'destructive' };

/** The deck's first load as the machine keeps it: the server's clock compared with the browser's when the answers arrived. */
export const deckLoadOf = ({ window, quota, profiles, receivedAt }: Omit<FirstDeck, 'membership'>): DeckLoad => ({ window, clockOffsetMs: clockOffsetOf(window, receivedAt), quota, profiles });

/** The deck's first page with the window and quota; the load the app started early when it opened here, if there was one. */
export const loadDeck = async ({ restart }: { restart: boolean }): Promise<DeckLoad> => {
  const early: FirstDeck | undefined = restart ? undefined : await takePrefetchedDeck()?.catch(() => undefined);
  if (early) return deckLoadOf(early);
  const [window, quota, profiles] = await Promise.all([fetchSwipeWindow(), fetchQuota(), fetchDeck({ restart })]);
  return deckLoadOf({ window, quota, profiles, receivedAt: Date.now() });
};

const spoken: Record<SwipeKind, (name: string) => string> = {
  like: (name) => `You liked ${name}.`,
  pass: (name) => `You passed on ${name}.`,
  superlike: (name) => `You super-liked ${name}.`,
};

const isLike = (kind: SwipeKind) => kind !== 'pass';
const refusalOf = (error: unknown): LimitReason | 'gone' | undefined =>
  limitReasonOf(error) ?? (error instanceof HttpError && error.status === 404 ? 'gone' : undefined);

const onlyNew = (context: SwipeDeckContext, page: DeckProfile[]) => {
  const known = new Set([...context.profiles.map((p) => p.id), ...context.swiped, ...context.blocked, ...(context.inFlight ? [context.inFlight.profile.id] : [])]);
  return page.filter((profile) => !known.has(profile.id));
};

/** What a load puts in the deck's hands. */
const loaded = ({ window, clockOffsetMs, quota, profiles }: DeckLoad) => ({ window, clockOffsetMs, quota, profiles, exhausted: profiles.length < DECK_PAGE_SIZE, loaded: true });

export const swipeDeckMachine = setup({
  types: {
    context: {} as SwipeDeckContext,
    events: {} as SwipeDeckEvent,
    input: {} as { userId: number; firstLoad?: DeckLoad },
  },
  actors: {
    loadDeck: fromPromise<DeckLoad, { restart: boolean }>(({ input }) => loadDeck(input)),
    fetchMore: fromPromise<DeckProfile[], { restart: boolean }>(({ input }) => fetchDeck({ restart: input.restart, limit: DECK_PAGE_SIZE })),
    sendSwipe: fromPromise<SwipeResult, { swiperId: number; swipedId: number; kind: SwipeKind }>(({ input }) => sendSwipe(input)),
    loadQuota: fromPromise<Quota>(() => fetchQuota()),
    undoPass: fromPromise<unknown, { swipedId: number }>(({ input }) => undoPass(input.swipedId)),
    block: fromPromise<void, { userId: number }>(({ input }) => blockPerson(input.userId)),
    report: fromPromise<void, { userId: number; reason: ReportReason; text: string }>(({ input }) => reportProfile(input)),
  },
  delays: {
    // Re-checks when 8:00 PM comes on the person's clock (as the server counts it).
    untilWindowOpens: ({ context }) => Math.max(1000, Date.parse(context.window?.opensAt ?? '') - (Date.now() + context.clockOffsetMs) + 500) || 60_000,
  },
  guards: {
    windowClosed: (_, params: { load: DeckLoad }) => !params.load.window.open,
    hasFirstLoad: ({ context }) => context.firstLoad !== null,
    firstLoadWindowClosed: ({ context }) => context.firstLoad !== null && !context.firstLoad.window.open,
    noCardInHand: ({ context }) => context.profiles.length === 0 || context.undoing,
    canUndo: ({ context }) => context.undoable !== null,
    nothingToUndo: ({ context }) => context.undoable === null,
    superLikesUsedUp: ({ context, event }) => {
      assertEvent(event, 'SWIPE');
      return event.kind === 'superlike' && context.quota !== null && context.quota.superLikesUsed >= context.quota.superLikesPerNight;
    },
    likesUsedUp: ({ context, event }) => {
      assertEvent(event, 'SWIPE');
      const remaining = context.quota?.likesRemaining;
      return isLike(event.kind) && remaining !== undefined && remaining !== null && remaining <= 0;
    },
    outOfCards: ({ context }) => context.profiles.length === 0 && context.exhausted,
    outOfCardsAndSupply: ({ context }) => context.profiles.length === 0 && !context.exhausted && context.supplyFailed,
    runningLow: ({ context }) => context.loaded && !context.exhausted && !context.supplyFailed && context.profiles.length <= LOW_WATER,
    isMatch: (_, params: { result: SwipeResult }) => params.result.isMatch,
    refusedBy: (_, params: { error: unknown; reason: LimitReason | 'gone' }) => refusalOf(params.error) === params.reason,
    alsoBlock: ({ context }) => context.safety?.alsoBlock === true,
  },
  actions: {
    notify: (_, params: ToastInput) => {
      toast(params);
    },
    // Components provide the router's navigate; a full page load is the correct default.
    navigate: (_, params: { to: string }) => window.location.assign(params.to),
    startLoading: assign({ profiles: [], loaded: false, exhausted: false, supplyFailed: false, inFlight: null, match: null }),
    storeLoad: assign((_, params: { load: DeckLoad }) => loaded(params.load)),
    /** The first load, taken once: a later trip through 'loading' asks the server. */
    storeFirstLoad: assign(({ context }) => ({ ...loaded(context.firstLoad!), firstLoad: null })),
    appendPage: assign(({ context }, params: { page: DeckProfile[] }) => {
      const fresh = onlyNew(context, params.page);
      return { profiles: [...context.profiles, ...fresh], exhausted: params.page.length < DECK_PAGE_SIZE || fresh.length === 0 };
    }),
    takeTopCard: assign(({ context, event }) => {
      assertEvent(event, 'SWIPE');
      const [top, ...rest] = context.profiles;
      // A new swipe is the last one now: the pass before it can no longer be undone.
      return { profiles: rest, inFlight: { profile: top!, kind: event.kind }, lastKind: event.kind, undoable: null };
    }),
    recordSwipe: assign(({ context }, params: { result: SwipeResult }) => {
      const { profile, kind } = context.inFlight!;
      const { quota, match } = params.result;
      return {
        inFlight: null,
        swiped: [...context.swiped, profile.id],
        quota,
        match,
        // Spec point 4: after a like, when the free plan's remaining likes reach 5.
        nudge: context.nudge || (isLike(kind) && quota.likesRemaining === LIKES_NUDGE_REMAINING),
        undoable: kind === 'pass' ? profile : null,
        announcement: match ? `It's a Match! You and ${match.otherUser.name} liked each other.` : spoken[kind](profile.name),
      };
    }),
    /** A refused or failed swipe puts the card back on top, unchanged (unless its person was blocked meanwhile). */
    returnCard: assign(({ context }) => ({
      profiles: context.inFlight && !context.blocked.includes(context.inFlight.profile.id) ? [context.inFlight.profile, ...context.profiles] : context.profiles,
      inFlight: null,
      lastKind: null,
    })),
    dropCard: assign(({ context }) => ({
      swiped: context.inFlight ? [...context.swiped, context.inFlight.profile.id] : context.swiped,
      inFlight: null,
      announcement: context.inFlight ? `${context.inFlight.profile.name} is no longer here.` : context.announcement,
    })),
    markLikesUsedUp: assign(({ context }) => ({
      quota: context.quota && { ...context.quota, likesUsed: context.quota.likesPerNight ?? context.quota.likesUsed, likesRemaining: 0 },
      announcement: "You've used all your likes!",
    })),
    markSuperLikesUsedUp: assign(({ context }) => ({
      quota: context.quota && { ...context.quota, superLikesUsed: Math.max(context.quota.superLikesUsed, context.quota.superLikesPerNight) },
      announcement: 'Super-Likes used up!',
    })),
    storeQuota: assign((_, params: { quota: Quota }) => ({ quota: params.quota })),
    /** The undone pass's card goes back on top, and may come again in a later page. */
    returnUndone: assign(({ context }) => {
      const back = context.undoable!;
      return {
        profiles: context.blocked.includes(back.id) ? context.profiles : [back, ...context.profiles.filter((p) => p.id !== back.id)],
        swiped: context.swiped.filter((id) => id !== back.id),
        undoable: null,
        lastKind: null,
        announcement: `${back.name} is back on top.`,
      };
    }),
    dropPerson: assign(({ context }, params: { userId: number }) => {
      const gone = context.profiles.find((p) => p.id === params.userId) ?? (context.inFlight?.profile.id === params.userId ? context.inFlight.profile : undefined);
      return {
        profiles: context.profiles.filter((p) => p.id !== params.userId),
        blocked: context.blocked.includes(params.userId) ? context.blocked : [...context.blocked, params.userId],
        announcement: gone ? `You blocked ${gone.name}.` : context.announcement,
      };
    }),
  },
}).createMachine({
  id: 'swipeDeck',
  type: 'parallel',
  context: ({ input }) => ({
    userId: input.userId,
    firstLoad: input.firstLoad ?? null,
    profiles: [],
    swiped: [],
    inFlight: null,
    lastKind: null,
    quota: null,
    window: null,
    clockOffsetMs: 0,
    loaded: false,
    exhausted: false,
    supplyFailed: false,
    restarted: false,
    match: null,
    nudge: false,
    announcement: '',
    blocked: [],
    safety: null,
    undoable: null,
    undoing: false,
  }),
  on: {
    DISMISS_NUDGE: { actions: assign({ nudge: false }) },
    PERSON_BLOCKED: { actions: { type: 'dropPerson', params: ({ event }) => ({ userId: event.userId }) } },
  },
  states: {
    deck: {
      initial: 'opening',
      // New filters: a fresh deck from whatever state. Leaving a region re-enters the whole parallel
      // state, so a page still on its way for the old filters is cancelled with it.
      on: { FILTERS_CHANGED: { target: '.loading', reenter: true, actions: assign({ restarted: false }) } },
      states: {
        // With the first load in hand the deck opens on its cards (or the closed window) at once.
        opening: {
          always: [
            { guard: 'firstLoadWindowClosed', target: 'windowClosed', actions: 'storeFirstLoad' },
            { guard: 'hasFirstLoad', target: 'ready', actions: 'storeFirstLoad' },
            { target: 'loading' },
          ],
        },
        loading: {
          entry: 'startLoading',
          invoke: {
            src: 'loadDeck',
            input: ({ context }) => ({ restart: context.restarted }),
            onDone: [
              { guard: { type: 'windowClosed', params: ({ event }) => ({ load: event.output }) }, target: 'windowClosed', actions: { type: 'storeLoad', params: ({ event }) => ({ load: event.output }) } },
              { target: 'ready', actions: { type: 'storeLoad', params: ({ event }) => ({ load: event.output }) } },
            ],
            onError: { target: 'failed' },
          },
        },
        ready: {
          always: [
            { guard: 'outOfCards', target: 'empty' },
            { guard: 'outOfCardsAndSupply', target: 'failed' },
          ],
          on: {
            SWIPE: [
              { guard: 'noCardInHand' },
              { guard: 'superLikesUsedUp', target: 'superLikesUsedUp' },
              { guard: 'likesUsedUp', target: 'outOfLikes' },
              { target: 'sending', actions: 'takeTopCard' },
            ],
            PLAN_CHANGED: { target: 'refreshingQuota' },
          },
        },
        sending: {
          invoke: {
            src: 'sendSwipe',
            input: ({ context }) => ({ swiperId: context.userId, swipedId: context.inFlight!.profile.id, kind: context.inFlight!.kind }),
            onDone: [
              {
                guard: { type: 'isMatch', params: ({ event }) => ({ result: event.output }) },
                target: 'matched',
                actions: { type: 'recordSwipe', params: ({ event }) => ({ result: event.output }) },
              },
              { target: 'ready', actions: { type: 'recordSwipe', params: ({ event }) => ({ result: event.output }) } },
            ],
            onError: [
              { guard: { type: 'refusedBy', params: ({ event }) => ({ error: event.error, reason: 'likes-limit' }) }, target: 'outOfLikes', actions: ['returnCard', 'markLikesUsedUp'] },
              {
                guard: { type: 'refusedBy', params: ({ event }) => ({ error: event.error, reason: 'super-likes-used' }) },
                target: 'superLikesUsedUp',
                actions: ['returnCard', 'markSuperLikesUsedUp'],
              },
              // The night ended while the deck was open: reload, which shows the closed window.
              { guard: { type: 'refusedBy', params: ({ event }) => ({ error: event.error, reason: 'window-closed' }) }, target: 'loading', actions: 'returnCard' },
              // The person left (deleted their account): their card goes, nothing else to say.
              { guard: { type: 'refusedBy', params: ({ event }) => ({ error: event.error, reason: 'gone' }) }, target: 'ready', actions: 'dropCard' },
              { target: 'ready', actions: ['returnCard', { type: 'notify', params: SWIPE_FAILED }] },
            ],
          },
        },
        matched: {
          on: {
            KEEP_SWIPING: { target: 'ready', actions: assign({ match: null }) },
            // Straight into the conversation with this person, as the live popup does.
            START_CHATTING: { actions: { type: 'navigate', params: ({ context }) => ({ to: `/chat?with=${context.match!.id}` }) } },
          },
        },
        outOfLikes: {
          on: { CLOSE_PROMPT: { target: 'ready' }, PLAN_CHANGED: { target: 'refreshingQuota' } },
        },
        superLikesUsedUp: {
          on: { CLOSE_PROMPT: { target: 'ready' }, PLAN_CHANGED: { target: 'refreshingQuota' } },
        },
        refreshingQuota: {
          invoke: {
            src: 'loadQuota',
            onDone: { target: 'ready', actions: { type: 'storeQuota', params: ({ event }) => ({ quota: event.output }) } },
            onError: { target: 'ready' },
          },
        },
        windowClosed: {
          after: { untilWindowOpens: { target: 'loading' } },
          // A Night Pass opens swiping round the clock (day access).
          on: { RETRY: { target: 'loading' }, PLAN_CHANGED: { target: 'loading' } },
        },
        empty: {
          // Passed people come back: the ones passed since the deck opened too.
          on: {
            CARD_RETURNED: { target: 'ready' }, RESTART: { target: 'loading', actions: assign({ restarted: true, swiped: [] }) }, RETRY: { target: 'loading' } },
        },
        failed: {
          on: { RETRY: { target: 'loading' } },
        },
      },
    },
    // Block and report from the detail sheet, whatever the deck is doing meanwhile.
    safety: {
      initial: 'idle',
      states: {
        idle: {
          entry: assign({ safety: null }),
          on: {
            CHOOSE_BLOCK: { target: 'confirmingBlock', actions: assign({ safety: ({ event }) => ({ profile: event.profile, alsoBlock: false }) }) },
            CHOOSE_REPORT: { target: 'confirmingReport', actions: assign({ safety: ({ event }) => ({ profile: event.profile, alsoBlock: false }) }) },
          },
        },
        confirmingBlock: {
          on: { CANCEL_SAFETY: { target: 'idle' }, CONFIRM_BLOCK: { target: 'blocking' } },
        },
        blocking: {
          invoke: {
            src: 'block',
            input: ({ context }) => ({ userId: context.safety!.profile.id }),
            onDone: { target: 'idle', actions: raise(({ context }) => ({ type: 'PERSON_BLOCKED' as const, userId: context.safety!.profile.id })) },
            onError: [
              // Reported already: only the block failed, and saying so is enough.
              { guard: 'alsoBlock', target: 'idle', actions: { type: 'notify', params: BLOCK_FAILED } },
              { target: 'confirmingBlock', actions: { type: 'notify', params: BLOCK_FAILED } },
            ],
          },
        },
        // A report changes nothing on the deck: the card stays unless the person is blocked too.
        confirmingReport: {
          on: {
            CANCEL_SAFETY: { target: 'idle' },
            CONFIRM_REPORT: { target: 'reporting', actions: assign({ safety: ({ context, event }) => ({ profile: context.safety!.profile, alsoBlock: event.alsoBlock }) }) },
          },
        },
        reporting: {
          invoke: {
            src: 'report',
            input: ({ context, event }) => {
              assertEvent(event, 'CONFIRM_REPORT');
              return { userId: context.safety!.profile.id, reason: event.reason, text: event.text };
            },
            onDone: [
              { guard: 'alsoBlock', target: 'blocking', actions: { type: 'notify', params: REPORT_SENT } },
              { target: 'idle', actions: { type: 'notify', params: REPORT_SENT } },
            ],
            onError: { target: 'confirmingReport', actions: { type: 'notify', params: REPORT_FAILED } },
          },
        },
      },
    },
    // The snackbar after a pass: Undo takes it back within PASS_UNDO_MS (the server has the last word).
    undo: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'canUndo', target: 'offered' },
        },
        offered: {
          always: { guard: 'nothingToUndo', target: 'idle' },
          after: { [UNDO_OFFER_MS]: { target: 'idle', actions: assign({ undoable: null }) } },
          on: { UNDO: { target: 'undoing' } },
        },
        undoing: {
          entry: assign({ undoing: true }),
          exit: assign({ undoing: false }),
          invoke: {
            src: 'undoPass',
            input: ({ context }) => ({ swipedId: context.undoable!.id }),
            onDone: { target: 'idle', actions: ['returnUndone', raise({ type: 'CARD_RETURNED' })] },
            onError: [
              { guard: { type: 'refusedBy', params: ({ event }) => ({ error: event.error, reason: 'undo-expired' }) }, target: 'idle', actions: [assign({ undoable: null }), { type: 'notify', params: UNDO_TOO_LATE }] },
              { target: 'idle', actions: [assign({ undoable: null }), { type: 'notify', params: UNDO_FAILED }] },
            ],
          },
        },
      },
    },
    supply: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'runningLow', target: 'fetching' },
        },
        fetching: {
          invoke: {
            src: 'fetchMore',
            input: ({ context }) => ({ restart: context.restarted }),
            onDone: { target: 'idle', actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'idle', actions: assign({ supplyFailed: true }) },
          },
        },
      },
    },
  },
});
