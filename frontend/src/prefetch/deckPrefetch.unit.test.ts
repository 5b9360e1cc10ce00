import { fakeFetch } from '../testing/fakeFetch';
import { prefetchDeck, takeArrivedAnswer, takeArrivedDeck, takeEarlyAnswer, takePrefetchedDeck } from './deckPrefetch';

const swipeWindow = { open: true, mode: 'night', now: '2026-11-25T21:00:00.000Z', opensAt: null, closesAt: '2026-11-26T03:00:00.000Z', timeZone: 'Europe/Berlin' };
const quota = { likesLeft: 30, superLikesLeft: 0 };
const membership = { plan: 'free', isPremium: false };
const card = { id: 9, name: 'Jonas', age: 29, photos: ['/api/photos/p9/display'], photoCount: 1, interests: [], kinks: [] };

describe('the deck loaded with the app', () => {
  it('is taken once, and not when stale or for a restart', async () => {
    fakeFetch({ status: 200, body: swipeWindow }, { status: 200, body: quota }, { status: 200, body: [card] });
    prefetchDeck(1_000);
    expect(takePrefetchedDeck(20_000)).toBeUndefined();
    prefetchDeck(1_000);
    expect(takePrefetchedDeck(1_500)).toBeDefined();
    expect(takePrefetchedDeck(1_600)).toBeUndefined();
  });

  it('is handed over whole once its answers are in, once, and not when stale', async () => {
    const answers = [{ status: 200, body: swipeWindow }, { status: 200, body: quota }, { status: 200, body: [card] }, { status: 200, body: membership }];
    fakeFetch(...answers, ...answers);
    const settled = prefetchDeck(1_000);
    expect(takeArrivedDeck(1_100)).toBeUndefined();
    await settled;
    expect(takeArrivedDeck(1_200)).toMatchObject({ window: swipeWindow, quota, profiles: [card], membership });
    expect(takeArrivedDeck(1_300)).toBeUndefined();
    expect(takePrefetchedDeck(1_300)).toBeUndefined();
    await prefetchDeck(1_000);
    expect(takeArrivedDeck(20_000)).toBeUndefined();
  });

  it('hands nothing over when a call of it failed', async () => {
    fakeFetch({ status: 200, body: swipeWindow }, { status: 401 }, { status: 200, body: [card] }, { status: 200, body: membership });
    await prefetchDeck();
    expect(takeArrivedDeck()).toBeUndefined();
  });

  it('gives the top bar its swipe window and the header its plan, each once, so neither is asked again', async () => {
    const fetchMock = fakeFetch({ status: 200, body: swipeWindow }, { status: 200, body: quota }, { status: 200, body: [card] }, { status: 200, body: membership });
    prefetchDeck(1_000);
    const window = takeEarlyAnswer('window', 1_100);
    expect(takeEarlyAnswer('window', 1_100)).toBeUndefined();
    await expect(window).resolves.toMatchObject({ window: swipeWindow });
    await expect(takeEarlyAnswer('membership', 1_200)).resolves.toEqual(membership);
    expect(takeEarlyAnswer('membership', 1_200)).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('hands a shared answer over at once once it is in, still only once', async () => {
    fakeFetch({ status: 200, body: swipeWindow }, { status: 200, body: quota }, { status: 200, body: [card] }, { status: 200, body: membership });
    const settled = prefetchDeck(1_000);
    expect(takeArrivedAnswer('membership', 1_100)).toBeUndefined();
    await settled;
    expect(takeArrivedAnswer('membership', 1_200)).toEqual(membership);
    expect(takeArrivedAnswer('membership', 1_200)).toBeUndefined();
    expect(takeEarlyAnswer('membership', 1_200)).toBeUndefined();
    expect(takeArrivedAnswer('window', 1_200)).toMatchObject({ window: swipeWindow });
  });

  it('gives no shared answer when stale, and none for a plan whose call failed (asked again then)', async () => {
    fakeFetch({ status: 200, body: swipeWindow }, { status: 200, body: quota }, { status: 200, body: [card] }, { status: 500 });
    await prefetchDeck(1_000);
    expect(takeEarlyAnswer('window', 20_000)).toBeUndefined();
    await expect(takeEarlyAnswer('membership', 1_100)).resolves.toBeNull();
    expect(takeArrivedDeck(1_100)).toMatchObject({ profiles: [card] });
  });
});
