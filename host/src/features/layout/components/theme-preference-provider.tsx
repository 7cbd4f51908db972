import { darkTheme, GlobalStyle, lightTheme } from '@crm/shared/ui';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { ThemePreferenceContext } from '../hooks/theme-preference-context';
import { useMediaQuery } from '../hooks/use-media-query';
import { readThemePreference, writeThemePreference, type ThemePreference } from '../utils/theme-preference';

export interface ThemePreferenceProviderProps {
  children: ReactNode;
}

/** The styled theme and global styles, following the stored preference and, for `system`, the OS scheme (§4). */
export function ThemePreferenceProvider({ children }: ThemePreferenceProviderProps) {
  const [preference, setPreferenceState] = useState<ThemePreference>(readThemePreference);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const mode = preference === 'system' ? (prefersDark ? 'dark' : 'light') : preference;

  const setPreference = useCallback((next: ThemePreference) => {
    writeThemePreference(next);
    setPreferenceState(next);
  }, []);

  useEffect(() => {
    // Native controls and scrollbars follow too.
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  const value = useMemo(() => ({ preference, mode, setPreference }), [preference, mode, setPreference]);
  return (
    <ThemePreferenceContext.Provider value={value}>
      <ThemeProvider theme={mode === 'dark' ? darkTheme : lightTheme}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ThemePreferenceContext.Provider>
  );
}
