import screenRequests from '../screenRequests.json';
import { photosOf } from '../features/swipeDeck/deckProfile';
import { fakeFetch } from '../testing/fakeFetch';
import { askEarlyCalls, DECK_FIRST_PAGE, fetchTopPhotoEarly, firstPhotoOf } from './earlyAnswers';

function pageWithPreloads(...hrefs: string[]) {
  document.head.innerHTML = hrefs.map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href.replaceAll('&', '&amp;')}">`).join('');
}

afterEach(() => {
  document.head.innerHTML = '';
  delete window.nocturneEarlyCalls;
  window.history.replaceState({}, '', '/');
});

describe("the page's first script", () => {
  it('asks the calls the page names, as the app asks them (so they take the preloads), and leaves the answers for the app', async () => {
    const fetchMock = fakeFetch({ status: 200, body: { user: { id: 1 } } }, { status: 401, body: { error: 'Not signed in' } });
    pageWithPreloads('/api/auth/user', '/api/quota', 'https://elsewhere.example/api/quota');
    const calls = askEarlyCalls();
    expect(fetchMock.mock.calls).toEqual([
      ['/api/auth/user', { method: 'GET', credentials: 'include', headers: { Accept: 'application/json' } }],
      ['/api/quota', { method: 'GET', credentials: 'include', headers: { Accept: 'application/json' } }],
    ]);
    expect(window.nocturneEarlyCalls).toBe(calls);
    await expect(calls.get('/api/auth/user')!.answer).resolves.toEqual({ ok: true, status: 200, statusText: '', text: '{"user":{"id":1}}' });
    await expect(calls.get('/api/quota')!.answer).resolves.toMatchObject({ ok: false, status: 401 });
  });

  it("fetches the deck's top photo as soon as the cards are known, on the deck only", async () => {
    const cards = [{ id: 9, photos: ['/api/photos/p9/display', '/api/photos/p9b/display'] }, { id: 10, photos: [] }];
    fakeFetch({ status: 200, body: cards }, { status: 200, body: cards });
    pageWithPreloads(DECK_FIRST_PAGE);
    window.history.replaceState({}, '', '/swipe-deck');
    await expect(fetchTopPhotoEarly(askEarlyCalls())).resolves.toBe('/api/photos/p9/display');
    window.history.replaceState({}, '', '/lobby');
    await expect(fetchTopPhotoEarly(askEarlyCalls())).resolves.toBeUndefined();
  });

  it('fetches no photo when the deck was refused or is empty', async () => {
    fakeFetch({ status: 401, body: { error: 'Not signed in' } }, { status: 200, body: [] });
    pageWithPreloads(DECK_FIRST_PAGE);
    window.history.replaceState({}, '', '/swipe-deck');
    await expect(fetchTopPhotoEarly(askEarlyCalls())).resolves.toBeUndefined();
    await expect(fetchTopPhotoEarly(askEarlyCalls())).resolves.toBeUndefined();
  });

  it('picks the photo the deck shows first, and asks the page the deck asks', () => {
    for (const card of [{ id: 3, photos: ['/api/photos/a/display', '/api/photos/b/display'] }, { id: 4, photos: [] }]) expect(firstPhotoOf(card)).toBe(photosOf(card)[0]);
    expect(screenRequests['/swipe-deck']).toContain(DECK_FIRST_PAGE);
  });
});
