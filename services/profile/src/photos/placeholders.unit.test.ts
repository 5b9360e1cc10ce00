import { avatarSvg, initialsOf, parsePlaceholderSize, placeholderSvg } from './placeholders';

describe('generated images', () => {
  it('accepts placeholder sizes from 1 to 2048 only', () => {
    expect(parsePlaceholderSize('1')).toBe(1);
    expect(parsePlaceholderSize('2048')).toBe(2048);
    for (const bad of ['0', '2049', '-5', '12.5', 'abc', '', '99999', '1e3']) expect(parsePlaceholderSize(bad)).toBeNull();
  });

  it('draws a placeholder of the requested size', () => {
    const svg = placeholderSvg(400, 300);
    expect(svg).toContain('width="400" height="300"');
    expect(svg).toContain('linearGradient');
    expect(placeholderSvg(400, 300)).toBe(svg);
  });

  it('takes initials from the first and last names', () => {
    expect(initialsOf('Luna Night')).toBe('LN');
    expect(initialsOf('luna')).toBe('L');
    expect(initialsOf('Ana María de la Noche')).toBe('AN');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf(null)).toBe('?');
    expect(initialsOf('Élodie Ü')).toBe('ÉÜ');
  });

  it('never lets markup from a name into the avatar', () => {
    const svg = avatarSvg(3, '<script>alert(1)</script> "x"');
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('alert(1)</script>');
  });

  it('gives each user a stable colour', () => {
    expect(avatarSvg(5, 'Luna')).toBe(avatarSvg(5, 'Luna'));
    expect(avatarSvg(5, 'Luna')).not.toBe(avatarSvg(6, 'Luna'));
  });
});
