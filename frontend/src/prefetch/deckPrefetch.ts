import { fetchDeck, fetchMembership, fetchQuota, fetchSwipeWindow, photosOf, type DeckProfile, type Membership, type Quota, type SwipeWindowInfo } from '../api/swipe';
import { preloadPhoto } from './photoPreload';

export interface FirstDeck {
  window: SwipeWindowInfo;
  quota: Quota;
  profiles: DeckProfile[];
  /** The person's plan (the deck header's filter dot), null when that one call failed: asked again then. */
  membership: Membership | null;
  /** When the answers arrived (Date.now()): the server's clock is compared with it, not with the time it is used. */
  receivedAt: number;
}

/** An early load older than this is not used: the deck then loads afresh. */
const FRESH_FOR_MS = 10_000;

/**
 * The early load, and which of its parts were handed over: the deck's cards, and the answers the screens
 * around the deck show too (the top bar's swipe window, the header's plan). Each part goes once, while fresh.
 */
let early: { startedAt: number; load: Promise<FirstDeck>; arrived?: FirstDeck; taken: Set<EarlyPart> } | undefined;
type EarlyPart = 'deck' | 'window' | 'membership';

/**
 * Starts the deck's first load with the app, before React draws, when the page opens on /swipe-deck: the
 * cards (and the first photo, the page's largest paint) then do not wait for the session check and the
 * first render. Everything asked needs the session cookie only; a signed-out visitor gets 401s nobody
 * reads, and is sent to sign in as usual. Settles when the answers are in, whatever they are.
 */
export function prefetchDeck(now = Date.now()): Promise<void> {
  const load = Promise.all([fetchSwipeWindow(), fetchQuota(), fetchDeck(), fetchMembership().catch(() => null)]).then(([window, quota, profiles, membership]) => ({ window, quota, profiles, membership, receivedAt: Date.now() }));
  const started: NonNullable<typeof early> = { startedAt: now, load, taken: new Set() };
  early = started;
  return load.then(
    (deck) => {
      started.arrived = deck;
      // The top card's photo is what the page paints largest: fetched as soon as the cards are known.
      const photo = deck.profiles[0] && photosOf(deck.profiles[0])[0];
      if (photo) void preloadPhoto(photo, 'high');
    },
    () => undefined,
  );
}

/** The early load for `part`, marked as handed over: undefined when none was started, that part went already, or it is stale. */
function take(part: EarlyPart, now: number) {
  if (!early || early.taken.has(part) || now - early.startedAt > FRESH_FOR_MS) return undefined;
  early.taken.add(part);
  return early;
}

/** The early load, once: undefined when none was started, it was taken already, or it is stale. */
export function takePrefetchedDeck(now = Date.now()): Promise<FirstDeck> | undefined {
  return take('deck', now)?.load;
}

/**
 * The early load's answers when they are in already, taken like `takePrefetchedDeck`'s: the deck then
 * starts with its cards, and its first render is the one that draws them.
 */
export function takeArrivedDeck(now = Date.now()): FirstDeck | undefined {
  if (!early?.arrived) return undefined;
  return take('deck', now)?.arrived;
}

/**
 * One answer of the early load for the screen around the deck that shows it too (the top bar's swipe
 * window, the person's plan), so that it is not asked a second time: once, while fresh, whether or not
 * it has arrived yet. Undefined (ask the server) when there is none, or the early load failed.
 */
export function takeEarlyAnswer(answer: 'window', now?: number): Promise<{ window: SwipeWindowInfo; receivedAt: number } | undefined> | undefined;
export function takeEarlyAnswer(answer: 'membership', now?: number): Promise<Membership | null | undefined> | undefined;
export function takeEarlyAnswer(answer: SharedAnswer, now = Date.now()) {
  return take(answer, now)?.load.then(
    (deck) => sharedAnswer(deck, answer),
    () => undefined,
  );
}

/**
 * The same answer when it is in already, taken the same way (once, while fresh): the screen that shows it
 * then draws it in its first render, with neither a second request nor a second render.
 */
export function takeArrivedAnswer(answer: 'window', now?: number): { window: SwipeWindowInfo; receivedAt: number } | undefined;
export function takeArrivedAnswer(answer: 'membership', now?: number): Membership | null | undefined;
export function takeArrivedAnswer(answer: SharedAnswer, now = Date.now()) {
  if (!early?.arrived) return undefined;
  const deck = take(answer, now)?.arrived;
  return deck && sharedAnswer(deck, answer);
}

type SharedAnswer = Exclude<EarlyPart, 'deck'>;
const sharedAnswer = (deck: FirstDeck, answer: SharedAnswer) => (answer === 'window' ? { window: deck.window, receivedAt: deck.receivedAt } : deck.membership);
