import { saveSession } from '@crm/shared/api-client';
import type { AbilityRule, Session } from '@crm/shared/schemas';

export const ADMIN_RULES: AbilityRule[] = [{ action: 'manage', subject: 'all' }];

export function testSession(role = 'Admin', rules: AbilityRule[] = ADMIN_RULES): Session {
  return {
    accessToken: 'token-1',
    userData: { id: 1, first_name: 'Анна', name: 'Анна Петрова', email: 'anna@example.com', role, avatar: null },
    userAbilityRules: rules,
  };
}

/** Stores a session as sign-in would. */
export function signInAs(role = 'Admin', rules: AbilityRule[] = ADMIN_RULES): Session {
  const session = testSession(role, rules);
  saveSession(session);
  return session;
}
