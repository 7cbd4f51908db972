import { createAppTheme, GlobalStyle, useMediaQuery } from '@crm/shared/ui';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { PreferencesContext } from '../hooks/preferences-context';
import { FontFaces } from './font-faces';
import {
  changePreferences,
  clearPreferences,
  DEFAULT_PREFERENCES,
  isPreferenceStored,
  readPreferences,
  resolveMode,
  writePreferences,
  type StoredPreferences,
} from '../utils/preferences';

export interface PreferencesProviderProps {
  /** The spec's language configuration: an i18n code and whether it reads right to left. */
  languages: readonly { code: string; isRTL: boolean }[];
  children: ReactNode;
}

/**
 * The layout preferences as state, kept in cookies, and what follows from them: the styled theme (light/dark/system
 * with the skin and the primary colour of that theme), `<html lang dir>`, and the colours the loader and the page
 * background read before React (the same CSS variables the pre-paint script sets).
 */
export function PreferencesProvider({ languages, children }: PreferencesProviderProps) {
  const { i18n } = useTranslation();
  const [prefs, setPrefs] = useState<StoredPreferences>(() => {
    const stored = readPreferences();
    // Nothing chosen: the language the shell started in, the deployment's DEFAULT_LANGUAGE (docs/decisions/067).
    if (!isPreferenceStored('language') && languages.some((l) => l.code === i18n.language)) stored.language = i18n.language;
    // Never set by hand nor by a language change: the stored language's configuration decides (as before paint).
    if (!isPreferenceStored('isRTL')) stored.isRTL = languages.find((l) => l.code === stored.language)?.isRTL ?? false;
    return stored;
  });
  const current = useRef(prefs);
  current.current = prefs;
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const mode = resolveMode(prefs.theme, prefersDark);

  const update = useCallback((patch: Partial<StoredPreferences>) => {
    const before = current.current;
    const next = changePreferences(before, patch);
    // Only what changed is written, so a default that was never chosen stays a default.
    const changed = Object.fromEntries(
      (Object.keys(next) as (keyof StoredPreferences)[]).filter((k) => next[k] !== before[k]).map((k) => [k, next[k]]),
    );
    writePreferences(changed);
    current.current = next;
    setPrefs(next);
  }, []);

  // The language stays; right to left is forgotten with the rest, so the direction is the language's again (as
  // before paint, where an absent CRM-isRTL means the language decides).
  const reset = useCallback(() => {
    const { language } = current.current;
    clearPreferences();
    writePreferences({ language });
    const isRTL = languages.find((l) => l.code === language)?.isRTL ?? false;
    const next = { ...DEFAULT_PREFERENCES, language, isRTL };
    current.current = next;
    setPrefs(next);
  }, [languages]);

  // A language change stores the language and sets right to left from the language configuration.
  useEffect(() => {
    const onLanguageChanged = (code: string) => {
      const language = languages.find((l) => l.code === code);
      if (language) update({ language: language.code, isRTL: language.isRTL });
    };
    i18n.on('languageChanged', onLanguageChanged);
    return () => i18n.off('languageChanged', onLanguageChanged);
  }, [i18n, languages, update]);

  const theme = useMemo(
    () =>
      createAppTheme(mode, {
        skin: prefs.skin,
        primary: mode === 'dark' ? prefs.darkThemePrimaryColor : prefs.lightThemePrimaryColor,
      }),
    [mode, prefs.skin, prefs.darkThemePrimaryColor, prefs.lightThemePrimaryColor],
  );

  // Before paint, so a change never shows one frame of the old colours.
  useLayoutEffect(() => {
    const html = document.documentElement;
    html.lang = prefs.language;
    html.dir = prefs.isRTL ? 'rtl' : 'ltr';
    html.dataset.theme = mode;
    html.dataset.skin = prefs.skin;
    // Native controls and scrollbars follow too.
    html.style.colorScheme = mode;
    // The loader (and the page behind it) take the theme's surface, background and primary colours.
    html.style.setProperty('--crm-background', theme.colors.background);
    html.style.setProperty('--crm-surface', theme.colors.surface);
    html.style.setProperty('--crm-primary', theme.colors.primary);
  }, [prefs.language, prefs.isRTL, prefs.skin, mode, theme]);

  const value = useMemo(() => ({ prefs, mode, update, reset }), [prefs, mode, update, reset]);
  return (
    <PreferencesContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <FontFaces />
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </PreferencesContext.Provider>
  );
}
