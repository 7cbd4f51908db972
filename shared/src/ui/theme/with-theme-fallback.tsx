import { useContext, type ComponentType, type ReactNode } from 'react';
import { ThemeContext, ThemeProvider } from 'styled-components';
import { lightTheme } from './app-theme';

/** Supplies the light theme when no ThemeProvider with the kit's theme is above (a bare test render, a stray mount). */
export function ThemeFallback({ children }: { children?: ReactNode }) {
  const outer = useContext(ThemeContext);
  if (outer && 'colors' in outer) return <>{children}</>;
  return <ThemeProvider theme={lightTheme}>{children}</ThemeProvider>;
}

// Every kit component is wrapped so a missing provider renders the light theme instead of crashing on theme.colors.
export function withThemeFallback<P extends object>(Component: ComponentType<P>, displayName: string) {
  function Themed(props: P) {
    return (
      <ThemeFallback>
        <Component {...props} />
      </ThemeFallback>
    );
  }
  Themed.displayName = displayName;
  return Themed;
}
