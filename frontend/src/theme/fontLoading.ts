import fontFaces from './fonts.css?inline';
import { firstPaint } from '../firstPaint';

/**
 * Where this browser notes that it has loaded the typefaces of this build (the Cache Storage of the
 * origin, one empty entry named by the typeface's URL, which carries its content hash): its HTTP cache has
 * them then. Not a place for anything about the person, and never sent anywhere.
 */
const MARKS = 'nocturne-typefaces';
const markFor = (css: string) => {
  const file = /url\(["']?([^"')]+\.woff2)/.exec(css)?.[1];
  return file && new URL(file, window.location.href).href;
};

const storage = () => ('caches' in window ? window.caches : undefined);

/** Whether a visit before this one loaded the typefaces of this build: asks the marks only, never the network. */
export function typefacesCached(css: string = fontFaces): Promise<boolean> {
  const mark = markFor(css);
  const marks = storage();
  if (!mark || !marks) return Promise.resolve(false);
  return marks
    .open(MARKS)
    .then((cache) => cache.match(mark))
    .then(
      (found) => found !== undefined,
      () => false,
    );
}

function noteCached(css: string) {
  const mark = markFor(css);
  const marks = storage();
  if (!mark || !marks) return;
  void marks
    .open(MARKS)
    .then(async (cache) => {
      // Marks of earlier builds name typefaces this page no longer uses.
      for (const old of await cache.keys()) if (old.url !== mark) await cache.delete(old);
      await cache.put(mark, new Response(''));
    })
    .catch(() => undefined);
}

function registerTypefaces(css: string) {
  const style = document.createElement('style');
  style.dataset.typefaces = '';
  style.textContent = css;
  document.head.append(style);
  if (!('fonts' in document)) return;
  void Promise.all([document.fonts.load("1em 'Inter Variable'"), document.fonts.load("600 1em 'Fraunces Variable'")]).then(
    (loaded) => loaded.every((faces) => faces.length > 0) && noteCached(css),
    () => undefined,
  );
}

/**
 * The page's typefaces (Inter and Fraunces, about 86 kB) on a first visit are registered once the first
 * frame has been painted: on a phone's connection they would otherwise share the bandwidth with the
 * scripts that frame needs, and hold it back by about half a second. That frame shows the system fonts of
 * the theme's stacks, which the typefaces then replace (as `font-display: swap` does for any slow font).
 * Once they have loaded, the browser's cache holds them and later visits register them as soon as the
 * mark says so (a few milliseconds, before the app's first render), so a returning person sees them from
 * the first frame.
 */
export function loadTypefaces({ painted = firstPaint, cached = typefacesCached(), css = fontFaces }: { painted?: Promise<void>; cached?: Promise<boolean>; css?: string } = {}): void {
  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    registerTypefaces(css);
  };
  void cached.then((yes) => yes && register());
  void painted.then(register);
}
