import { createContext } from 'react';
import type { ThemePreference } from '../utils/theme-preference';

export interface ThemePreferenceValue {
  preference: ThemePreference;
  /** What is shown: `system` resolved against prefers-color-scheme. */
  mode: 'light' | 'dark';
  setPreference: (preference: ThemePreference) => void;
}

export const ThemePreferenceContext = createContext<ThemePreferenceValue | null>(null);
