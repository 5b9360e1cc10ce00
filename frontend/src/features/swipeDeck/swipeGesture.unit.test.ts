import { swipeOfDrag, tapZone } from './swipeGesture';

const still = { x: 0, y: 0 };

describe('swipeOfDrag', () => {
  it('likes beyond 100 px to the right and passes beyond 100 px to the left', () => {
    expect(swipeOfDrag({ x: 101, y: 10 }, still)).toBe('like');
    expect(swipeOfDrag({ x: -101, y: 10 }, still)).toBe('pass');
  });

  it('snaps back at 100 px or less when slow', () => {
    expect(swipeOfDrag({ x: 100, y: 0 }, still)).toBeNull();
    expect(swipeOfDrag({ x: -100, y: 0 }, { x: -500, y: 0 })).toBeNull();
  });

  it('decides a short flick by its speed above 500', () => {
    expect(swipeOfDrag({ x: 30, y: 0 }, { x: 501, y: 0 })).toBe('like');
    expect(swipeOfDrag({ x: -30, y: 0 }, { x: -501, y: 0 })).toBe('pass');
  });

  it('super-likes upward only beyond 50 px, even when flicked fast', () => {
    expect(swipeOfDrag({ x: 0, y: -101 }, still)).toBe('superlike');
    expect(swipeOfDrag({ x: 0, y: -60 }, { x: 0, y: -900 })).toBe('superlike');
    expect(swipeOfDrag({ x: 0, y: -50 }, { x: 0, y: -900 })).toBeNull();
    expect(swipeOfDrag({ x: 0, y: -80 }, still)).toBeNull();
  });

  it('never reads a drag downward as a swipe', () => {
    expect(swipeOfDrag({ x: 0, y: 200 }, { x: 0, y: 900 })).toBeNull();
  });

  it('follows the longer axis of a diagonal drag', () => {
    expect(swipeOfDrag({ x: 120, y: -150 }, still)).toBe('superlike');
    expect(swipeOfDrag({ x: 150, y: -120 }, still)).toBe('like');
  });
});

describe('tapZone', () => {
  it('pages back on the left third, forward on the right third, and opens details in the middle', () => {
    expect(tapZone(10, 300)).toBe('previous');
    expect(tapZone(150, 300)).toBe('details');
    expect(tapZone(290, 300)).toBe('next');
  });
});
