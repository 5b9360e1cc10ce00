import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { AppRoutes } from './App';
import { prefetchDeck } from './prefetch/deckPrefetch';
import { earlyLoadsFor, opensSignedIn, type EarlyLoad } from './routes';
import { preloadScreensFor } from './screens';
import { prefetchSession } from './session/sessionPrefetch';
import { GlobalStyle } from './theme/GlobalStyle';
import { loadTypefaces } from './theme/fontLoading';
import { theme } from './theme/theme';
import { warmTimeZoneData } from './time/swipeWindow';
import { Toaster } from './toast/Toaster';

// The screen of the address the app opened on downloads alongside the app, not after it has started;
// the session check of a signed-in screen and the deck's cards too.
const { pathname } = window.location;
loadTypefaces();
// Every signed-in screen draws the top bar's countdown; it waits for its answers meanwhile.
if (opensSignedIn(pathname)) warmTimeZoneData();
const firstScreens = preloadScreensFor(pathname);
const earlyLoads: Record<EarlyLoad, () => Promise<void>> = { session: prefetchSession, deck: () => prefetchDeck() };
const firstAnswers = earlyLoadsFor(pathname).map((load) => earlyLoads[load]());

/**
 * How long the first render waits for those answers once the screens are in. With them the screen renders
 * whole from its first frame (signed in, the cards drawn) instead of rendering a second time as each
 * arrives, each time in one piece; past this the screen renders without them and says it is checking.
 */
const FIRST_ANSWERS_WAIT_MS = 1500;

// No screen handles CSS animation events, yet React's root listener would run for each one (every
// entrance animation starting and ending, every twinkle of the sky), on the main thread while the page
// loads. Stopped at the window, they never reach it. A screen that needs one: use the Web Animations API.
for (const type of ['animationstart', 'animationiteration', 'animationend', 'animationcancel']) {
  window.addEventListener(type, (event) => event.stopPropagation(), { capture: true });
}

const app = (
  <StrictMode>
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <BrowserRouter>
        <AppRoutes />
        <Toaster />
      </BrowserRouter>
    </ThemeProvider>
  </StrictMode>
);

// The first render waits for the screens of the address (named by the page as module preloads, so they
// are already on their way): they then render at once, with no suspended frame in between (see lazyScreen);
// and, for a while, for the answers asked with them (see FIRST_ANSWERS_WAIT_MS).
// As a transition, React renders it in slices that leave the main thread free between them (a phone's
// taps and the page's other work are not held up by one long task).
void firstScreens
  .then(() => Promise.race([Promise.all(firstAnswers), new Promise((resolve) => setTimeout(resolve, FIRST_ANSWERS_WAIT_MS))]))
  .then(() => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() => root.render(app));
  });
