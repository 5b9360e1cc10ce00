import { alpha, theme } from './theme';

describe('the theme', () => {
  it('writes a palette colour at an opacity as CSS', () => {
    expect(alpha('accent', 0.35)).toBe('rgba(167, 139, 250, 0.35)');
    expect(alpha('star', 1)).toBe('rgba(233, 228, 255, 1)');
    expect(alpha('moon', 0)).toBe('rgba(246, 231, 185, 0)');
    expect(theme.alpha).toBe(alpha);
  });

  it('keeps the named colours the screens were drawn with', () => {
    expect(theme.color).toMatchObject({ surface: 'rgba(255, 255, 255, 0.06)', border: 'rgba(255, 255, 255, 0.12)', moonGlow: 'rgba(246, 231, 185, 0.45)', dangerSurface: 'rgba(127, 29, 29, 0.85)', field: 'rgba(7, 6, 26, 0.45)' });
    expect(theme.gradient.accent).toBe('linear-gradient(135deg, #7c3aed 0%, #a21caf 100%)');
    expect(theme.shadow.card).toBe('0 24px 60px rgba(3, 2, 15, 0.55), inset 0 1px 0 rgba(255, 255, 255, 0.06)');
  });
});
