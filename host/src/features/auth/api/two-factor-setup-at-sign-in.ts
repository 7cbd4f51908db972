import { api } from '@crm/shared/api-client';
import { twoFactorSetupSchema, type TwoFactorSetup } from '@crm/shared/schemas';
import { twoFactorSetupSessionAnswerSchema, type Session } from '@crm/shared/schemas/mini';

// Apart from the code step's call: the classic zod schema here is fetched only when a role requires setting up a
// second factor at sign-in, not with every login page (docs/decisions/080).

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
