import { createContext } from 'react';
import type { StoredPreferences } from '../utils/preferences';

export interface PreferencesValue {
  prefs: StoredPreferences;
  /** What is shown: `system` resolved against prefers-color-scheme (§4). */
  mode: 'light' | 'dark';
  /** Changes some preferences, with the §4 transitions, and stores them. */
  update: (patch: Partial<StoredPreferences>) => void;
  /** Restores the §9 defaults (the language stays). */
  reset: () => void;
}

export const PreferencesContext = createContext<PreferencesValue | null>(null);
