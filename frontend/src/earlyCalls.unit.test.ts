import { prefetchDeck, takePrefetchedDeck } from './prefetch/deckPrefetch';
import { opensSignedIn, screenModulesByPath, screenRequestsFor } from './routes';
import { loadSessionUser, prefetchSession } from './session/sessionPrefetch';
import { fakeFetch } from './testing/fakeFetch';

// The page names these calls as fetch preloads; the browser hands a preloaded answer only to a call of
// the very same URL, so what the app asks as it opens must be exactly what the table says.
describe('the calls a page names for the browser to fetch with the app', () => {
  it('are the calls the app makes as it opens on the deck', async () => {
    const fetchMock = fakeFetch();
    prefetchSession();
    prefetchDeck();
    await Promise.allSettled([loadSessionUser(), takePrefetchedDeck()]);
    const asked = fetchMock.mock.calls.map((call) => (call as unknown as [string, RequestInit])).map(([url, init]) => ({ url, method: init.method, credentials: init.credentials }));
    expect(asked).toEqual(screenRequestsFor('/swipe-deck').map((url) => ({ url, method: 'GET', credentials: 'include' })));
  });

  it('are the session check on every signed-in screen, and nothing elsewhere', () => {
    for (const page of Object.keys(screenModulesByPath)) {
      expect({ page, asks: screenRequestsFor(page).includes('/api/auth/user') }).toEqual({ page, asks: opensSignedIn(page) });
      if (page !== '/swipe-deck') expect({ page, calls: screenRequestsFor(page).length }).toEqual({ page, calls: opensSignedIn(page) ? 1 : 0 });
    }
  });
});
