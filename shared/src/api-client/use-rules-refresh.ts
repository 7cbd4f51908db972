import { useEffect } from 'react';
import { meAnswerSchema } from '@crm/shared/schemas/mini';
import { api } from './api-client';
import { refreshStoredSession } from './storage';

/** How often an open app asks for its rules while the window stays focused. */
export const RULES_REFRESH_INTERVAL_MS = 60_000;

/** GET /api/auth/me and store the user and rules it answers (a 401 clears the session through the API client). */
export async function refreshRules(): Promise<void> {
  const me = meAnswerSchema.parse(await api.get<unknown>('/auth/me'));
  refreshStoredSession(me.userData, me.userAbilityRules);
}

/**
 * Keeps `userAbilityRules` in step with the user's role while the app is open: asks the server when the window gets
 * the focus and every `intervalMs`, so a role change shows in the menu and guards without signing out.
 */
export function useRulesRefresh(enabled: boolean, intervalMs: number = RULES_REFRESH_INTERVAL_MS): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const refresh = () => {
      refreshRules().catch(() => {
        // A network blip: the next focus or tick tries again; a 401 has already signed the user out.
      });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(refresh, intervalMs);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, [enabled, intervalMs]);
}
