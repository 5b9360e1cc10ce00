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
