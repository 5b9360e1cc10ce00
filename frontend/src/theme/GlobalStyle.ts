import { createGlobalStyle } from 'styled-components';
import { fallbackFaceRules } from './fallbackFaces';

export const GlobalStyle = createGlobalStyle`
  ${fallbackFaceRules}

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
