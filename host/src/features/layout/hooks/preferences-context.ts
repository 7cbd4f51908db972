import { createContext } from 'react';
import type { StoredPreferences } from '../utils/preferences';

export interface PreferencesValue {
  prefs: StoredPreferences;
  /** What is shown: `system` resolved against prefers-color-scheme. */
  mode: 'light' | 'dark';
  /** Changes some preferences, with the spec's transitions, and stores them. */
  update: (patch: Partial<StoredPreferences>) => void;
  /** Restores the spec's defaults (the language stays; right to left follows it again). */
  reset: () => void;
}

export const PreferencesContext = createContext<PreferencesValue | null>(null);
