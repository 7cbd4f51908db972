import { createGlobalStyle } from 'styled-components';
import { withThemeFallback } from './with-theme-fallback';

const BaseGlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.font.family};
    font-size: ${({ theme }) => theme.font.size};
    line-height: 1.47;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
    -webkit-font-smoothing: antialiased;
  }
  h1, h2, h3, h4, h5, h6 { margin: 0; color: ${({ theme }) => theme.colors.text}; font-weight: 500; }
  a { color: ${({ theme }) => theme.colors.primaryText}; text-decoration: none; }
  a:hover { text-decoration: underline; }
  button, input, select, textarea { font: inherit; color: inherit; }
  :focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
  ::selection { background: ${({ theme }) => theme.colors.primaryFill}; color: ${({ theme }) => theme.colors.onPrimary}; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 1ms !important; transition-duration: 1ms !important; }
  }
`;

/** Page-wide base styles: box sizing, the theme's background, text and focus ring. */
export const GlobalStyle = withThemeFallback(BaseGlobalStyle, 'GlobalStyle');
