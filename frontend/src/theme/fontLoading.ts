import fontFaces from './fonts.css?inline';
import { firstPaint } from '../firstPaint';

/** Set once the typefaces have loaded in this browser: its cache has them, later visits use them at once. */
export const CACHED_KEY = 'nocturne:typefaces-cached';

const readCached = () => {
  try {
    return window.localStorage.getItem(CACHED_KEY) === '1';
  } catch {
    return false;
  }
};

const noteCached = () => {
  try {
    window.localStorage.setItem(CACHED_KEY, '1');
  } catch {
    // Storage refused (private mode, full): the next visit waits for its first paint again, nothing worse.
  }
};

function registerTypefaces() {
  const style = document.createElement('style');
  style.dataset.typefaces = '';
  style.textContent = fontFaces;
  document.head.append(style);
  if (!('fonts' in document)) return;
  void Promise.all([document.fonts.load("1em 'Inter Variable'"), document.fonts.load("600 1em 'Fraunces Variable'")]).then(
    (loaded) => loaded.every((faces) => faces.length > 0) && noteCached(),
    () => undefined,
  );
}

/**
 * The page's typefaces (Inter and Fraunces, about 86 kB) on a first visit are registered once the first
 * frame has been painted: on a phone's connection they would otherwise share the bandwidth with the
 * scripts that frame needs, and hold it back by about half a second. That frame shows the system fonts of
 * the theme's stacks, which the typefaces then replace (as `font-display: swap` does for any slow font).
 * Once they have loaded, the browser's cache holds them and later visits register them at once, so a
 * returning person sees them from the first frame.
 */
export function loadTypefaces(painted: Promise<void> = firstPaint): void {
  if (readCached()) registerTypefaces();
  else void painted.then(registerTypefaces);
}
