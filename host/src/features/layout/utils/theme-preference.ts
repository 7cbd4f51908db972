export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
/** §3: light, dark, or system (the operating system decides). */
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/** Preferences carry the app title as prefix (§3). */
export const THEME_STORAGE_KEY = 'CRM-theme';
/** §9: the default theme is system. */
export const DEFAULT_THEME: ThemePreference = 'system';

export function readThemePreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return THEME_PREFERENCES.find((p) => p === stored) ?? DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function writeThemePreference(preference: ThemePreference): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}
