/**
 * What the page's first script does (`early/main.ts`, an entry of its own that imports nothing else,
 * loaded `async` ahead of the app: see `earlyScriptPlugin` in build/pagePlugins.mts). The gateway names in the page the REST calls its screen
 * makes first (fetch preloads with the person's cookies); this asks them at once, where the app would ask
 * only once all of its modules have loaded and run, and leaves the answers for the app (`api/http` takes
 * each once). On the deck it also fetches the top card's photo, the page's largest paint, as soon as the
 * cards are known: on a phone that is seconds before the app could.
 */

/** One answer as `api/http` reads it. */
export interface EarlyAnswer {
  ok: boolean;
  status: number;
  statusText: string;
  text: string;
}

export interface EarlyCall {
  /** When it was asked (Date.now()): an answer the app has not taken soon after is not used. */
  askedAt: number;
  answer: Promise<EarlyAnswer>;
}

declare global {
  interface Window {
    /** The calls asked by this script, by path and query; `api/http` takes each once. */
    nocturneEarlyCalls?: Map<string, EarlyCall>;
  }
}

/**
 * The first photo of a deck card: the rule of `photosOf` in features/swipeDeck/deckProfile.ts, repeated
 * here because this script imports nothing (a unit test holds the two to the same answers).
 */
export function firstPhotoOf(card: { id: number; photos: string[] }): string {
  return card.photos[0] ?? `/api/avatars/${card.id}`;
}

/** The deck's first page, as the deck asks for it (screenRequests.json). */
export const DECK_FIRST_PAGE = '/api/profiles?limit=20&restart=false';

/** Asks the calls the page names (its fetch preloads, which these requests take) and keeps them in `nocturneEarlyCalls`. */
export function askEarlyCalls(doc: Document = document, win: Window = window, now = Date.now()): Map<string, EarlyCall> {
  const calls = new Map<string, EarlyCall>();
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')) {
    const url = new URL(link.href, win.location.href);
    if (url.origin !== win.location.origin) continue;
    const path = `${url.pathname}${url.search}`;
    // As `api/http` sends a GET, so that the request takes the preload's answer.
    const answer = win
      .fetch(path, { method: 'GET', credentials: 'include', headers: { Accept: 'application/json' } })
      .then(async (response) => ({ ok: response.ok, status: response.status, statusText: response.statusText, text: await response.text() }));
    // Read by the app, which reports a failure; never an unhandled rejection meanwhile.
    answer.catch(() => undefined);
    calls.set(path, { askedAt: now, answer });
  }
  win.nocturneEarlyCalls = calls;
  return calls;
}

/** On the deck: the top card's photo, fetched as soon as the cards are known (the app's own request then finds it cached). */
export function fetchTopPhotoEarly(calls: Map<string, EarlyCall>, win: Window = window): Promise<string | undefined> {
  const deck = win.location.pathname === '/swipe-deck' ? calls.get(DECK_FIRST_PAGE) : undefined;
  if (!deck) return Promise.resolve(undefined);
  return deck.answer.then(
    (answer) => {
      if (!answer.ok) return undefined;
      const [top] = JSON.parse(answer.text) as Array<{ id: number; photos: string[] }>;
      if (!top) return undefined;
      const photo = firstPhotoOf(top);
      const image = new Image();
      image.decoding = 'async';
      image.fetchPriority = 'high';
      image.src = photo;
      return photo;
    },
    () => undefined,
  );
}
