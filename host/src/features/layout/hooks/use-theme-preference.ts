import { useContext } from 'react';
import { ThemePreferenceContext, type ThemePreferenceValue } from './theme-preference-context';

export function useThemePreference(): ThemePreferenceValue {
  const value = useContext(ThemePreferenceContext);
  if (!value) throw new Error('useThemePreference needs a ThemePreferenceProvider');
  return value;
}
