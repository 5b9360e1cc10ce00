import { screen } from '@testing-library/react';
import { renderScreen } from '../../testing/renderScreen';
import { hiddenTiles, LikesReceivedPanel } from './LikesReceivedPanel';

let requested: string[] = [];
let likesAnswer: unknown;
beforeEach(() => {
  requested = [];
  global.fetch = jest.fn(async (url: string) => {
    requested.push(url);
    const found = url === '/api/likes';
    return { ok: found, status: found ? 200 : 404, statusText: '', text: async () => (found ? JSON.stringify(likesAnswer) : '') };
  }) as unknown as typeof fetch;
});

describe('LikesReceivedPanel', () => {
  it('draws the free plan its likes as the same generated tiles, the many summed up on the last, and fetches no picture', async () => {
    likesAnswer = { visible: false, count: 9, likes: [] };
    const { container } = renderScreen(<LikesReceivedPanel userId={101} />);
    const tiles = await screen.findAllByRole('button', { name: /hidden like/ });
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual([...Array<string>(5).fill('A hidden like: see who with Night Pass'), '4 more hidden likes: see who with Night Pass']);
    expect(new Set(tiles.map((tile) => tile.className)).size).toBe(1);
    expect(screen.getByText('9')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(requested).toEqual(['/api/likes']);
  });

  it('shows a paid plan who liked them', async () => {
    likesAnswer = { visible: true, count: 1, likes: [{ superLike: true, likedAt: '2026-11-23T21:00:00.000Z', user: { id: 8, name: 'Rigel', photo: '/api/avatars/8' } }] };
    renderScreen(<LikesReceivedPanel userId={102} />);
    expect(await screen.findByText('Rigel')).toBeTruthy();
    expect(screen.getByLabelText('Super-like')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /hidden like/ })).toBeNull();
  });

  it('draws one tile per like up to six', () => {
    expect(hiddenTiles(0)).toEqual([]);
    expect(hiddenTiles(2)).toEqual([1, 1]);
    expect(hiddenTiles(6)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(hiddenTiles(7)).toEqual([1, 1, 1, 1, 1, 2]);
  });
});
