import { fallbackFamilies } from './fallbackFaces';

/**
 * Every colour of the client, by name: the night sky's blues and violets, moonlight, the accent's violet
 * to magenta, and the few signal colours (like, pass, super-like, danger, the plans' gold). Screens use
 * these through the theme (`theme.color`, `theme.alpha`), never a colour of their own.
 */
const palette = {
  white: '#ffffff',
  black: '#000000',
  /** The darkest blues: the page behind everything, and the shade of shadows and scrims. */
  sky: '#07061a',
  night: '#0b0a24',
  dusk: '#171243',
  twilight: '#2a1b5e',
  midnight: '#141036',
  abyss: '#040310',
  void: '#03020f',
  /** The dialog sheet's gradient, from its top. */
  sheetTop: '#1d1650',
  sheetMiddle: '#110d33',
  /** Text on the gold of the best plan's badge. */
  ink: '#1b1446',
  text: '#f4f1ff',
  textMuted: '#c3bde3',
  textSubtle: '#9d96c7',
  lavender: '#d9ccff',
  moon: '#f6e7b9',
  moonLight: '#fff8dc',
  moonShade: '#d9c48a',
  moonCrater: '#e3cf95',
  star: '#e9e4ff',
  accent: '#a78bfa',
  accentStrong: '#7c3aed',
  accentMagenta: '#a21caf',
  /** The accent gradient's stops under the pointer. */
  accentStrongHover: '#8b4df5',
  accentMagentaHover: '#b523c4',
  accentPink: '#d946ef',
  accentPinkPale: '#f5d0fe',
  focus: '#d8ccff',
  danger: '#fca5a5',
  dangerRed: '#7f1d1d',
  dangerRose: '#be123c',
  dangerRoseBright: '#e11d48',
  dangerRoseDeep: '#9f1239',
  success: '#4ade80',
  successPale: '#bbf7d0',
  /** The swipes: like is `success`. */
  pass: '#fb7185',
  superLike: '#60a5fa',
  blue: '#2563eb',
  bluePale: '#93c5fd',
  bluePaler: '#bfdbfe',
  verified: '#38bdf8',
  gold: '#facc15',
  goldPale: '#fef08a',
  /** The Messages tab's unread badge. */
  badge: '#e11d74',
} as const;

export type PaletteColour = keyof typeof palette;

/** A palette colour at an opacity, as CSS (`rgba(r, g, b, opacity)`). */
export function alpha(colour: PaletteColour, opacity: number): string {
  const hex = palette[colour];
  const channel = (at: number) => Number.parseInt(hex.slice(at, at + 2), 16);
  return `rgba(${channel(1)}, ${channel(3)}, ${channel(5)}, ${opacity})`;
}

/** The night palette: deep navy into violet, moonlight for highlights, one accent gradient. */
export const theme = {
  color: {
    ...palette,
    white: '#fff',
    surface: alpha('white', 0.06),
    surfaceStrong: alpha('white', 0.1),
    border: alpha('white', 0.12),
    borderStrong: alpha('white', 0.24),
    moonGlow: alpha('moon', 0.45),
    dangerSurface: alpha('dangerRed', 0.85),
    /** The background of text fields, on any surface. */
    field: alpha('sky', 0.45),
    /** Behind an open dialog. */
    scrim: alpha('abyss', 0.72),
  },
  alpha,
  gradient: {
    sky: `radial-gradient(120% 80% at 50% 0%, ${palette.twilight} 0%, ${palette.midnight} 45%, ${palette.sky} 100%)`,
    accent: `linear-gradient(135deg, ${palette.accentStrong} 0%, ${palette.accentMagenta} 100%)`,
    accentHover: `linear-gradient(135deg, ${palette.accentStrongHover} 0%, ${palette.accentMagentaHover} 100%)`,
    danger: `linear-gradient(135deg, ${palette.dangerRose} 0%, ${palette.dangerRoseDeep} 100%)`,
    dangerHover: `linear-gradient(135deg, ${palette.dangerRoseBright} 0%, ${palette.dangerRose} 100%)`,
    /** The frosted surfaces (cards, panels): a little light at the top. */
    glass: `linear-gradient(180deg, ${alpha('white', 0.08)}, ${alpha('white', 0.03)})`,
    /** A dialog's sheet. */
    sheet: `linear-gradient(180deg, ${palette.sheetTop} 0%, ${palette.sheetMiddle} 55%, ${palette.night} 100%)`,
    /** A super-like: blue on the card's badge. */
    superLike: `linear-gradient(135deg, ${palette.blue}, ${palette.superLike})`,
    /** The headline's moonlit white. */
    headline: `linear-gradient(180deg, ${palette.white} 0%, ${palette.lavender} 100%)`,
  },
  font: {
    // The stand-ins while the typefaces load are scaled to them (see fallbackFaces).
    body: `'Inter Variable', ${fallbackFamilies('inter')}, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`,
    display: `'Fraunces Variable', ${fallbackFamilies('fraunces')}, Georgia, 'Times New Roman', serif`,
    mono: "ui-monospace, 'SFMono-Regular', 'JetBrains Mono', Menlo, Consolas, monospace",
  },
  radius: { sm: '10px', md: '14px', lg: '22px', pill: '999px' },
  shadow: {
    card: `0 24px 60px ${alpha('void', 0.55)}, inset 0 1px 0 ${alpha('white', 0.06)}`,
    glow: `0 10px 30px ${alpha('accentStrong', 0.45)}`,
    /** The ring around a focused field. */
    focusRing: `0 0 0 3px ${alpha('accent', 0.35)}`,
  },
  layout: { columnWidth: '480px', topBar: '60px', tabBar: '68px' },
} as const;

export type NightTheme = typeof theme;
