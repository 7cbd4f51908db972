import { api } from '@crm/shared/api-client';
import { twoFactorSetupSchema, type TwoFactorSetup } from '@crm/shared/schemas';
import { sessionAnswerSchema, twoFactorSetupSessionAnswerSchema, type Session } from '@crm/shared/schemas/mini';

/** POST /api/auth/login/two-factor: the challenge and a code (or a recovery code); 422 names `code` or `challenge`. */
export async function completeTwoFactorSignIn(challenge: string, code: string): Promise<Session> {
  return sessionAnswerSchema.parse(await api.post<unknown>('/auth/login/two-factor', { challenge, code }));
}

/** POST /api/auth/login/two-factor/setup: a new secret to scan, for a user whose role requires a second factor. */
export async function startSetupAtSignIn(challenge: string): Promise<TwoFactorSetup> {
  return twoFactorSetupSchema.parse(await api.post<unknown>('/auth/login/two-factor/setup', { challenge }));
}

/** POST /api/auth/login/two-factor/confirm: a code from the new secret; the session and the recovery codes. */
export async function confirmSetupAtSignIn(challenge: string, code: string): Promise<{ session: Session; recoveryCodes: string[] }> {
  const { recovery_codes: recoveryCodes, ...session } = twoFactorSetupSessionAnswerSchema.parse(
    await api.post<unknown>('/auth/login/two-factor/confirm', { challenge, code }),
  );
  return { session, recoveryCodes };
}
