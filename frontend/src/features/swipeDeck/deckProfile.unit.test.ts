import { tagsForCard, whereabouts } from './deckProfile';

describe('tagsForCard', () => {
  it("shows two and counts the rest as '+N'", () => {
    expect(tagsForCard(['Art', 'Music', 'Wine', 'Yoga'])).toEqual({ shown: ['Art', 'Music'], more: 2 });
    expect(tagsForCard(['Art'])).toEqual({ shown: ['Art'], more: 0 });
  });

  it('puts the kinks the viewer shares first', () => {
    expect(tagsForCard(['Rope Play', 'Wax Play', 'Praise'], ['Praise'])).toEqual({ shown: ['Praise', 'Rope Play'], more: 1 });
  });
});

describe('whereabouts', () => {
  it("reads the chosen city and 'N km away', either, or nothing", () => {
    expect(whereabouts({ distance: 12, location: 'Berlin' })).toBe('Berlin · 12 km away');
    expect(whereabouts({ distance: 0, location: null })).toBe('1 km away');
    expect(whereabouts({ distance: null, location: 'Berlin' })).toBe('Berlin');
    expect(whereabouts({ distance: null, location: null })).toBeNull();
  });
});
