import { useEffect, useState } from 'react';

/** Past this, work that waits for the first paint starts anyway (a page that never paints anything contentful). */
const LONGEST_WAIT_MS = 5_000;

/**
 * Settles once the browser has painted the page's first content (the Paint Timing API's
 * first-contentful-paint), or after LONGEST_WAIT_MS, at once where the browser cannot tell. What the
 * first frame does not need waits for it (the typefaces on a first visit, the animation code, the live
 * socket's client, photos further down the deck), so on a phone's connection none of it shares the
 * bandwidth with the scripts and the photo that frame is made of.
 */
export const firstPaint: Promise<void> = new Promise((resolve) => {
  const observable = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!observable) return resolve();
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    // The entry is reported from inside the painted frame's task: what follows starts once it is over.
    setTimeout(resolve, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(resolve, LONGEST_WAIT_MS);
});

let paintedYet = false;
void firstPaint.then(() => {
  paintedYet = true;
});

/** False until the page's first content has been painted (see firstPaint), then true. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(paintedYet);
  useEffect(() => {
    if (painted) return undefined;
    let mounted = true;
    void firstPaint.then(() => mounted && setPainted(true));
    return () => {
      mounted = false;
    };
  }, [painted]);
  return painted;
}
