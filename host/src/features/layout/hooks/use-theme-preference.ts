import { useMemo } from 'react';
import type { StoredPreferences } from '../utils/preferences';
import { usePreferences } from './use-preferences';

export type ThemePreference = StoredPreferences['theme'];

/** The theme part of the preferences: light, dark or system, and what is shown. */
export function useThemePreference() {
  const { prefs, mode, update } = usePreferences();
  return useMemo(
    () => ({ preference: prefs.theme, mode, setPreference: (theme: ThemePreference) => update({ theme }) }),
    [prefs.theme, mode, update],
  );
}
