import { keyboardInsetOf } from './keyboardInset';

describe('keyboardInsetOf', () => {
  it('is 0 while the visual viewport fills the layout viewport', () => {
    expect(keyboardInsetOf(844, { height: 844, offsetTop: 0 })).toBe(0);
  });

  it('is the height the keyboard covers once it shrinks the visual viewport', () => {
    expect(keyboardInsetOf(844, { height: 508, offsetTop: 0 })).toBe(336);
  });

  it('leaves out what the page was panned by', () => {
    expect(keyboardInsetOf(844, { height: 508, offsetTop: 100 })).toBe(236);
  });

  it('is 0 without a visual viewport (older browsers) or when zoomed past the bottom', () => {
    expect(keyboardInsetOf(844, null)).toBe(0);
    expect(keyboardInsetOf(844, { height: 400, offsetTop: 500 })).toBe(0);
  });
});
