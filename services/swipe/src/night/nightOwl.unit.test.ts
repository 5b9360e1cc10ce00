import { nightOwlScore } from './nightOwl';

describe('the night-owl score', () => {
  it('is 5 until there is any activity', () => {
    expect(nightOwlScore([])).toBe(5);
  });
  it('is the share of activity inside the night window, out of 10', () => {
    expect(nightOwlScore([{ count: 9, atNight: true }, { count: 1, atNight: false }])).toBe(9);
    expect(nightOwlScore([{ count: 3, atNight: false }])).toBe(0);
    expect(nightOwlScore([{ count: 2, atNight: true }, { count: 2, atNight: true }])).toBe(10);
    expect(nightOwlScore([{ count: 1, atNight: true }, { count: 2, atNight: false }])).toBe(3);
  });
});
