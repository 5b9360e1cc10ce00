import { fakeFetch } from '../../testing/fakeFetch';
import { prefetchDeck, takeArrivedDeck, takePrefetchedDeck } from './deckPrefetch';
import { loadDeck } from './swipeDeckMachine';

const swipeWindow = { open: true, mode: 'night', now: '2026-11-25T21:00:00.000Z', opensAt: null, closesAt: '2026-11-26T03:00:00.000Z', timeZone: 'Europe/Berlin' };
const quota = { likesLeft: 30, superLikesLeft: 0 };
const card = { id: 9, name: 'Jonas', age: 29, photos: ['/api/photos/p9/display'], photoCount: 1, interests: [], kinks: [] };

describe('the deck loaded with the app', () => {
  it('is what the deck shows first: no second request for the same cards', async () => {
    const fetchMock = fakeFetch({ status: 200, body: swipeWindow }, { status: 200, body: quota }, { status: 200, body: [card] });
    prefetchDeck();
    const load = await loadDeck({ restart: false });
    expect(load.profiles).toEqual([card]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('is taken once, and not when stale or for a restart', async () => {
    fakeFetch({ status: 200, body: swipeWindow }, { status: 200, body: quota }, { status: 200, body: [card] });
    prefetchDeck(1_000);
    expect(takePrefetchedDeck(20_000)).toBeUndefined();
    prefetchDeck(1_000);
    expect(takePrefetchedDeck(1_500)).toBeDefined();
    expect(takePrefetchedDeck(1_600)).toBeUndefined();
  });

  it('loads afresh when the early load failed (signed out then, signed in now)', async () => {
    const fetchMock = fakeFetch({ status: 401 }, { status: 401 }, { status: 401 }, { status: 200, body: swipeWindow }, { status: 200, body: quota }, { status: 200, body: [card] });
    prefetchDeck();
    await expect(loadDeck({ restart: false })).resolves.toMatchObject({ profiles: [card] });
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('is handed over whole once its answers are in, once, and not when stale', async () => {
    fakeFetch({ status: 200, body: swipeWindow }, { status: 200, body: quota }, { status: 200, body: [card] }, { status: 200, body: swipeWindow }, { status: 200, body: quota }, { status: 200, body: [card] });
    const settled = prefetchDeck(1_000);
    expect(takeArrivedDeck(1_100)).toBeUndefined();
    await settled;
    expect(takeArrivedDeck(1_200)).toMatchObject({ window: swipeWindow, quota, profiles: [card] });
    expect(takeArrivedDeck(1_300)).toBeUndefined();
    expect(takePrefetchedDeck(1_300)).toBeUndefined();
    await prefetchDeck(1_000);
    expect(takeArrivedDeck(20_000)).toBeUndefined();
  });

  it('hands nothing over when a call of it failed', async () => {
    fakeFetch({ status: 200, body: swipeWindow }, { status: 401 }, { status: 200, body: [card] });
    await prefetchDeck();
    expect(takeArrivedDeck()).toBeUndefined();
  });
});
