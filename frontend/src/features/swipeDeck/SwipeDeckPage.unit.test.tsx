import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fromPromise } from 'xstate';
import type { SwipeKind } from '@nocturne/contracts';
import type { DeckProfile, Quota, SwipeResult, SwipeWindowInfo } from '../../api/swipe';
import { SessionContext } from '../../session/SessionContext';
import { renderScreen } from '../../testing/renderScreen';
import { SwipeDeckPage } from './SwipeDeckPage';
import { swipeDeckMachine, type DeckLoad } from './swipeDeckMachine';

const profile = (id: number, name: string): DeckProfile => ({
  id,
  username: name.toLowerCase(),
  name,
  age: 28,
  photos: [],
  bio: 'Night walks.',
  kinks: ['Praise', 'Rope Play', 'Wax Play'],
  interests: ['Art'],
  location: null,
  distance: 7,
  isOnline: true,
  isVerified: true,
  nightOwlScore: 8,
  superLikedYou: true,
  sharedKinks: ['Rope Play'],
  photosHidden: false,
  voiceIntro: null,
});
const quota: Quota = { plan: 'free', night: '2026-11-23', likesPerNight: 30, likesUsed: 0, likesRemaining: 30, superLikesPerNight: 0, superLikesUsed: 0, resetsAt: '2026-11-24T19:00:00.000Z' };
const window: SwipeWindowInfo = { open: true, mode: 'nightly', opensAt: '2026-11-24T19:00:00.000Z', timeZone: 'UTC', now: new Date().toISOString() };

function renderDeck() {
  const sent: SwipeKind[] = [];
  const machine = swipeDeckMachine.provide({
    actors: {
      loadDeck: fromPromise<DeckLoad, { restart: boolean }>(async () => ({ window, clockOffsetMs: 0, quota, profiles: [profile(2, 'Selene'), profile(3, 'Orion')] })),
      fetchMore: fromPromise<DeckProfile[], { restart: boolean }>(async () => []),
      sendSwipe: fromPromise<SwipeResult, { swiperId: number; swipedId: number; kind: SwipeKind }>(async ({ input }) => {
        sent.push(input.kind);
        return { isMatch: false, matchId: null, match: null, quota: { ...quota, likesUsed: 1, likesRemaining: 29 } };
      }),
    },
  });
  renderScreen(
    <SessionContext.Provider value={{ id: 1, username: 'luna', email: 'luna@example.test', name: 'Luna', age: 30, createdAt: '2026-11-01T21:00:00.000Z' }}>
      <SwipeDeckPage machine={machine} />
    </SessionContext.Provider>,
    { path: '/swipe-deck' },
  );
  return { sent };
}

describe('SwipeDeckPage', () => {
  beforeEach(() => {
    // GET /api/plan for the header's dot, GET /api/likes for its 'Who liked you' count.
    global.fetch = jest.fn(async (url: string) => {
      const body = String(url).startsWith('/api/likes') ? { visible: false, count: 3, likes: [] } : { plan: 'free', billing: null, expiresAt: null, isPremium: false };
      return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;
  });

  it('shows the top card with everything the spec lists', async () => {
    renderDeck();
    const card = await screen.findByTestId('top-card');
    expect(card.getAttribute('aria-label')).toBe('Selene, 28');
    for (const text of ['7 km away', 'Night walks.', 'Super-liked you', 'Rope Play', 'Praise', '+1', 'Art']) expect(card.textContent).toContain(text);
    expect(card.textContent).toContain('Night-Owl Score');
    expect(screen.getAllByRole('img', { name: 'Active tonight' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('img', { name: 'Verified' }).length).toBeGreaterThan(0);
    expect(card.textContent).toContain('(you share this)');
  });

  it('swipes with the arrow keys and announces each result', async () => {
    const { sent } = renderDeck();
    await screen.findByTestId('top-card');
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    await waitFor(() => expect(screen.getByTestId('swipe-announcement').textContent).toBe('You passed on Selene.'));
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getByTestId('swipe-announcement').textContent).toBe('You liked Orion.'));
    expect(sent).toEqual(['pass', 'like']);
  });

  it('takes no swipe from keys typed into a field or pressed with a modifier', async () => {
    const { sent } = renderDeck();
    await screen.findByTestId('top-card');
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    fireEvent.keyDown(document.body, { key: 'ArrowRight', altKey: true });
    await act(async () => {});
    expect(sent).toEqual([]);
    field.remove();
  });

  it("leads to the Lobby's 'Who liked you' from the header, with the count", async () => {
    renderDeck();
    const link = await screen.findByRole('link', { name: 'Who liked you: 3' });
    expect(link.getAttribute('href')).toBe('/lobby');
  });

  it('marks the filter button with the upgrade dot on the free plan', async () => {
    renderDeck();
    expect(await screen.findByRole('button', { name: 'Filters (free plan: upgrades available)' })).toBeTruthy();
  });

  it('opens the super-like prompt on the free plan instead of sending', async () => {
    const { sent } = renderDeck();
    await screen.findByTestId('top-card');
    fireEvent.click(screen.getByRole('button', { name: 'Super-like Selene' }));
    expect(await screen.findByRole('dialog', { name: 'Super-Likes used up!' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get Plus · $9.99 a week' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View All Plans' })).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
