import sharp from 'sharp';
import type { OwlProfile } from './owlProfiles';

const WIDTH = 600;
const HEIGHT = 800;

/** Deterministic per owl and photo, so a re-render draws the same sky. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A night sky in the owl's colour: a gradient, stars, a moon and their initials. */
export function owlPhotoSvg(owl: Pick<OwlProfile, 'name' | 'hue' | 'index'>, photo: number): string {
  const next = random(owl.index * 131 + photo * 17 + 7);
  const hue = (owl.hue + photo * 47) % 360;
  const stars = Array.from({ length: 70 }, () => {
    const r = (0.6 + next() * 1.8).toFixed(2);
    return `<circle cx="${(next() * WIDTH).toFixed(1)}" cy="${(next() * HEIGHT * 0.8).toFixed(1)}" r="${r}" fill="#fff" opacity="${(0.35 + next() * 0.65).toFixed(2)}"/>`;
  }).join('');
  const moonX = 120 + next() * 360;
  const moonY = 110 + next() * 120;
  const initials = escapeXml(initialsOf(owl.name));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0.3" y2="1">
<stop offset="0" stop-color="hsl(${(hue + 220) % 360}, 55%, 8%)"/>
<stop offset="0.55" stop-color="hsl(${hue}, 45%, 22%)"/>
<stop offset="1" stop-color="hsl(${(hue + 30) % 360}, 60%, 38%)"/>
</linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="#fff8e1" stop-opacity="0.55"/><stop offset="1" stop-color="#fff8e1" stop-opacity="0"/></radialGradient>
<mask id="crescent"><rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/><circle cx="${moonX + 22}" cy="${moonY - 12}" r="46" fill="#000"/></mask>
</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
${stars}
<circle cx="${moonX}" cy="${moonY}" r="110" fill="url(#glow)"/>
<circle cx="${moonX}" cy="${moonY}" r="52" fill="#fdf3c4" mask="url(#crescent)"/>
<path d="M0 ${HEIGHT - 90} Q ${WIDTH * 0.25} ${HEIGHT - 150} ${WIDTH * 0.5} ${HEIGHT - 100} T ${WIDTH} ${HEIGHT - 120} V ${HEIGHT} H 0 Z" fill="hsl(${(hue + 240) % 360}, 40%, 6%)"/>
<text x="50%" y="${HEIGHT * 0.62}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="170" font-weight="bold" fill="#ffffff" fill-opacity="0.92">${initials}</text>
</svg>`;
}

/** The owl's photo as a JPEG, as a phone camera would hand it over (the profile service re-encodes it). */
export function renderOwlPhoto(owl: Pick<OwlProfile, 'name' | 'hue' | 'index'>, photo: number): Promise<Buffer> {
  return sharp(Buffer.from(owlPhotoSvg(owl, photo))).jpeg({ quality: 85 }).toBuffer();
}
