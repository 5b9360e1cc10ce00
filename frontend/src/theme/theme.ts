import { fallbackFamilies } from './fallbackFaces';

/** The night palette: deep navy into violet, moonlight for highlights, one accent gradient. */
export const theme = {
  color: {
    sky: '#07061a',
    night: '#0b0a24',
    dusk: '#171243',
    twilight: '#2a1b5e',
    surface: 'rgba(255, 255, 255, 0.06)',
    surfaceStrong: 'rgba(255, 255, 255, 0.1)',
    border: 'rgba(255, 255, 255, 0.12)',
    borderStrong: 'rgba(255, 255, 255, 0.24)',
    text: '#f4f1ff',
    textMuted: '#c3bde3',
    textSubtle: '#9d96c7',
    moon: '#f6e7b9',
    moonGlow: 'rgba(246, 231, 185, 0.45)',
    star: '#e9e4ff',
    accent: '#a78bfa',
    accentStrong: '#7c3aed',
    accentPink: '#d946ef',
    focus: '#d8ccff',
    danger: '#fca5a5',
    dangerSurface: 'rgba(127, 29, 29, 0.85)',
    success: '#4ade80',
  },
  gradient: {
    sky: 'radial-gradient(120% 80% at 50% 0%, #2a1b5e 0%, #141036 45%, #07061a 100%)',
    accent: 'linear-gradient(135deg, #7c3aed 0%, #a21caf 100%)',
    accentHover: 'linear-gradient(135deg, #8b4df5 0%, #b523c4 100%)',
  },
  font: {
    // The stand-ins while the typefaces load are scaled to them (see fallbackFaces).
    body: `'Inter Variable', ${fallbackFamilies('inter')}, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`,
    display: `'Fraunces Variable', ${fallbackFamilies('fraunces')}, Georgia, 'Times New Roman', serif`,
    mono: "ui-monospace, 'SFMono-Regular', 'JetBrains Mono', Menlo, Consolas, monospace",
  },
  radius: { sm: '10px', md: '14px', lg: '22px', pill: '999px' },
  shadow: {
    card: '0 24px 60px rgba(3, 2, 15, 0.55), inset 0 1px 0 rgba(255, 255, 255, 0.06)',
    glow: '0 10px 30px rgba(124, 58, 237, 0.45)',
  },
  layout: { columnWidth: '480px', topBar: '60px', tabBar: '68px' },
} as const;

export type NightTheme = typeof theme;
