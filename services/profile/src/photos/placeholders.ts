/** Generated images: placeholders of any bounded size and per-person initials avatars, as SVG. */

export const PLACEHOLDER_MIN = 1;
export const PLACEHOLDER_MAX = 2048;

export function parsePlaceholderSize(value: string): number | null {
  if (!/^\d{1,4}$/.test(value)) return null;
  const size = Number(value);
  return size >= PLACEHOLDER_MIN && size <= PLACEHOLDER_MAX ? size : null;
}

/** A night sky: a deep gradient, a crescent moon and a few stars placed from the size (stable output). */
export function placeholderSvg(width: number, height: number): string {
  const short = Math.min(width, height);
  const moonR = Math.max(1, Math.round(short * 0.16));
  const moonX = Math.round(width * 0.68);
  const moonY = Math.round(height * 0.32);
  let seed = (width * 73856093) ^ (height * 19349663);
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const stars = Array.from({ length: 12 }, () => {
    const r = Math.max(0.5, short * 0.008 * (0.5 + next()));
    return `<circle cx="${(next() * width).toFixed(1)}" cy="${(next() * height * 0.8).toFixed(1)}" r="${r.toFixed(2)}" fill="#f4f1ff" opacity="${(0.4 + next() * 0.6).toFixed(2)}"/>`;
  }).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b0a23"/><stop offset="0.6" stop-color="#2a1650"/><stop offset="1" stop-color="#5b2a6e"/></linearGradient>',
    '<mask id="crescent"><rect width="100%" height="100%" fill="#fff"/>',
    `<circle cx="${moonX + moonR * 0.45}" cy="${moonY - moonR * 0.25}" r="${moonR}" fill="#000"/></mask></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    stars,
    `<circle cx="${moonX}" cy="${moonY}" r="${moonR}" fill="#f6e7b0" mask="url(#crescent)"/>`,
    '</svg>',
  ].join('');
}

/** Up to two letters from the name; '?' when there is none. */
export function initialsOf(name: string | null): string {
  const words = (name ?? '').normalize('NFC').split(/\s+/).filter(Boolean);
  const letters = words
    .map((word) => [...word].find((char) => /[\p{L}\p{N}]/u.test(char)))
    .filter((char): char is string => char !== undefined);
  const initials = (letters.length > 1 ? [letters[0], letters[letters.length - 1]] : letters).join('').toLocaleUpperCase();
  return initials || '?';
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Initials on a gradient whose hue follows the user id, so each person keeps their colour. */
export function avatarSvg(userId: number, name: string | null, size = 256): string {
  const hue = (userId * 137) % 360;
  const initials = escapeXml(initialsOf(name));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,28%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},60%,14%)"/></linearGradient></defs>`,
    '<rect width="100" height="100" fill="url(#g)"/>',
    `<text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="40" font-weight="600" fill="#f4f1ff">${initials}</text>`,
    '</svg>',
  ].join('');
}
