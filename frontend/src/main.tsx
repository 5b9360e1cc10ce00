import './zodConfig';
import '@fontsource-variable/inter';
import '@fontsource-variable/fraunces';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ApolloProvider } from '@apollo/client/react';
import { MotionConfig } from 'motion/react';
import { ThemeProvider } from 'styled-components';
import { sharedApolloClient } from './api/apolloClient';
import { AppRoutes } from './App';
import { GlobalStyle } from './theme/GlobalStyle';
import { theme } from './theme/theme';
import { Toaster } from './toast/Toaster';

const apolloClient = sharedApolloClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <ApolloProvider client={apolloClient}>
        <MotionConfig reducedMotion="user">
          <BrowserRouter>
            <AppRoutes />
            <Toaster />
          </BrowserRouter>
        </MotionConfig>
      </ApolloProvider>
    </ThemeProvider>
  </StrictMode>,
);
