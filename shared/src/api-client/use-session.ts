import { useMemo, useSyncExternalStore } from 'react';
import type { AbilityRule, User } from '@crm/shared/schemas/mini';
import { getAccessToken, getStoredRules, getStoredUser, onSessionChange, STORAGE_KEYS } from './storage';

/** The stored session as React state. */
export interface SessionState {
  isLoggedIn: boolean;
  accessToken: string | null;
  user: User | null;
  rules: AbilityRule[];
}

// The snapshot must be a primitive: parsed objects would differ on every read and loop useSyncExternalStore.
function snapshot(): string {
  try {
    return Object.values(STORAGE_KEYS)
      .map((key) => window.localStorage.getItem(key) ?? '')
      .join('\u0000');
  } catch {
    return '';
  }
}

/** The stored session, re-rendering on sign-in, sign-out, a 401 and changes made by other tabs. */
export function useSession(): SessionState {
  const raw = useSyncExternalStore(onSessionChange, snapshot, () => '');
  // Parsing is keyed on the raw snapshot so consumers get a stable object until the store changes.
  return useMemo(() => {
    const user = getStoredUser();
    const accessToken = getAccessToken();
    return { isLoggedIn: user !== null && accessToken !== null, accessToken, user, rules: getStoredRules() };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `raw` is the change signal, read again through the getters
  }, [raw]);
}
