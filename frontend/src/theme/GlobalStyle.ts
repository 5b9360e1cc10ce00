import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  /*
   * The system fonts that stand in for the typefaces until they have loaded (a first visit's first
   * frame), scaled to their size and line height (metrics from Capsize), so that swapping them in moves
   * as little as possible. Arial's metrics hold for its look-alikes (Liberation Sans, Arimo), Times New
   * Roman's for Liberation Serif and Tinos.
   */
  @font-face {
    font-family: 'Inter Fallback Arial';
    src: local('Arial'), local('ArialMT'), local('Liberation Sans'), local('LiberationSans'), local('Arimo');
    ascent-override: 90.44%;
    descent-override: 22.52%;
    line-gap-override: 0%;
    size-adjust: 107.12%;
  }
  @font-face {
    font-family: 'Inter Fallback Roboto';
    src: local('Roboto'), local('Roboto Regular'), local('Roboto-Regular');
    ascent-override: 90.24%;
    descent-override: 22.47%;
    line-gap-override: 0%;
    size-adjust: 107.35%;
  }
  @font-face {
    font-family: 'Fraunces Fallback Georgia';
    src: local('Georgia');
    ascent-override: 92.96%;
    descent-override: 24.24%;
    line-gap-override: 0%;
    size-adjust: 105.2%;
  }
  @font-face {
    font-family: 'Fraunces Fallback Times';
    src: local('Times New Roman'), local('TimesNewRomanPSMT'), local('Liberation Serif'), local('LiberationSerif'), local('Tinos');
    ascent-override: 84.71%;
    descent-override: 22.09%;
    line-gap-override: 0%;
    size-adjust: 115.45%;
  }

  *, *::before, *::after { box-sizing: border-box; }

  html, body, #root { height: 100%; }

  html { color-scheme: dark; -webkit-text-size-adjust: 100%; }

  body {
    margin: 0;
    background: ${({ theme }) => theme.color.sky};
    color: ${({ theme }) => theme.color.text};
    font-family: ${({ theme }) => theme.font.body};
    font-size: 16px;
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
  }

  h1, h2, h3 { margin: 0; font-weight: 600; letter-spacing: -0.01em; text-wrap: balance; }
  p { margin: 0; text-wrap: pretty; }

  a { color: ${({ theme }) => theme.color.accent}; }

  button, input { font: inherit; color: inherit; }

  :focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 3px;
  }

  ::selection { background: rgba(167, 139, 250, 0.4); }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
    }
  }
`;
