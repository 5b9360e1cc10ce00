import { photosOf } from './swipe';

describe('photosOf', () => {
  it('falls back to the generated avatar', () => {
    expect(photosOf({ id: 4, photos: [] })).toEqual(['/api/avatars/4']);
    expect(photosOf({ id: 4, photos: ['/a', '/b'] })).toEqual(['/a', '/b']);
  });
});
