import { act } from '@testing-library/react';
import type { DeckProfile } from '../../api/swipe';
import { renderScreen } from '../../testing/renderScreen';
import { CardStack } from './CardStack';
import { preloadPhoto } from '../../prefetch/photoPreload';

/** Images the stack fetches ahead, each loaded when the test says so (jsdom loads none). */
const fetched: Array<{ src: string; load: () => void }> = [];
class FakeImage {
  decoding = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(url: string) {
    fetched.push({ src: url, load: () => this.onload?.() });
  }
}

const card = (id: number, photos: string[]): DeckProfile =>
  ({ id, username: `p${id}`, name: `P${id}`, age: 30, photos, bio: '', kinks: [], interests: [], location: null, distance: 3, isOnline: false, isVerified: false, nightOwlScore: 5, superLikedYou: false, sharedKinks: [], photosHidden: false, voiceIntro: null }) as DeckProfile;

describe('the card stack fetching photos ahead', () => {
  const realImage = global.Image;
  beforeEach(() => {
    fetched.length = 0;
    global.Image = FakeImage as unknown as typeof Image;
  });
  afterEach(() => {
    global.Image = realImage;
  });

  it("fetches the top card's photo alone first (the page's largest paint), then its others and the next cards' first", async () => {
    const profiles = [card(1, ['/top-a', '/top-b']), card(2, ['/second-a', '/second-b']), card(3, ['/third-a']), card(4, ['/fourth-a'])];
    renderScreen(<CardStack profiles={profiles} leaving={null} onOpen={() => undefined} />);
    expect(fetched.map((image) => image.src)).toEqual(['/top-a']);
    await act(async () => fetched[0]!.load());
    expect(fetched.map((image) => image.src)).toEqual(['/top-a', '/top-b', '/second-a', '/third-a', '/fourth-a']);
  });

  it('fetches a photo the early deck load already asked for no second time', async () => {
    void preloadPhoto('/early-top', 'high');
    renderScreen(<CardStack profiles={[card(5, ['/early-top']), card(6, ['/next'])]} leaving={null} onOpen={() => undefined} />);
    expect(fetched.map((image) => image.src)).toEqual(['/early-top']);
    await act(async () => fetched[0]!.load());
    expect(fetched.map((image) => image.src)).toEqual(['/early-top', '/next']);
  });
});
