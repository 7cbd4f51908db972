import { useContext } from 'react';
import { PreferencesContext, type PreferencesValue } from './preferences-context';

export function usePreferences(): PreferencesValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences needs a PreferencesProvider');
  return value;
}
