import './theme/fonts.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { MotionConfig } from 'motion/react';
import { ThemeProvider } from 'styled-components';
import { AppRoutes } from './App';
import { preloadScreensFor } from './screens';
import { GlobalStyle } from './theme/GlobalStyle';
import { theme } from './theme/theme';
import { Toaster } from './toast/Toaster';

// The screen of the address the app opened on downloads alongside the app, not after it has started.
preloadScreensFor(window.location.pathname);

// No screen handles CSS animation events, yet React's root listener would run for each one (every
// entrance animation starting and ending, every twinkle of the sky), on the main thread while the page
// loads. Stopped at the window, they never reach it. A screen that needs one: use the Web Animations API.
for (const type of ['animationstart', 'animationiteration', 'animationend', 'animationcancel']) {
  window.addEventListener(type, (event) => event.stopPropagation(), { capture: true });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <MotionConfig reducedMotion="user">
        <BrowserRouter>
          <AppRoutes />
          <Toaster />
        </BrowserRouter>
      </MotionConfig>
    </ThemeProvider>
  </StrictMode>,
);
