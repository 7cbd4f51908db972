import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import {
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  type DisableTwoFactorInput,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@crm/shared/schemas';

export const TWO_FACTOR_KEY = ['/me/two-factor'] as const;

/** GET /api/me/two-factor: on or off, recovery codes left, whether the role requires it. */
export async function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  return twoFactorStatusSchema.parse(await api.get<unknown>('/me/two-factor'));
}

export function useTwoFactorStatus() {
  return useSWR<TwoFactorStatus, ApiError>(TWO_FACTOR_KEY, getTwoFactorStatus);
}

/** POST /api/me/two-factor/setup: a new secret to scan, pending until confirmed. */
export async function beginTwoFactorSetup(): Promise<TwoFactorSetup> {
  return twoFactorSetupSchema.parse(await api.post<unknown>('/me/two-factor/setup'));
}

/** POST /api/me/two-factor/confirm: turns it on; the recovery codes, shown once. */
export async function confirmTwoFactorSetup(code: string): Promise<string[]> {
  return recoveryCodesSchema.parse(await api.post<unknown>('/me/two-factor/confirm', { code })).recovery_codes;
}

/** POST /api/me/two-factor/recovery-codes: a new set (needs a current code), shown once. */
export async function regenerateRecoveryCodes(code: string): Promise<string[]> {
  return recoveryCodesSchema.parse(await api.post<unknown>('/me/two-factor/recovery-codes', { code })).recovery_codes;
}

/** POST /api/me/two-factor/disable: the password and a code; 422 names `password` or `code`. */
export async function disableTwoFactor(input: DisableTwoFactorInput): Promise<void> {
  await api.post<unknown>('/me/two-factor/disable', input);
}
