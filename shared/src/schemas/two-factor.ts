import { z } from 'zod';
import { textSchema } from './text';

/** GET /api/me/two-factor: whether the signed-in user signs in with a second factor. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  /** Unused recovery codes left (0 while off). */
  recovery_codes_left: z.number().int(),
  /** The user's role requires a second factor: it cannot be turned off. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A new secret to scan (pending until a code confirms it): the base32 secret, its otpauth URI and a QR code. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** `data:image/svg+xml;base64,…`, drawn by the server. */
  qr_svg_data_url: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** Ten single-use recovery codes, answered once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

const codeField = () => textSchema({ error: 'Enter the code' }).trim().min(1, 'Enter the code').max(50, 'Enter the code');

/** A 6-digit code from the authenticator app (confirm the set-up, new recovery codes). */
export const twoFactorCodeInputSchema = z.object({ code: codeField() });
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeInputSchema>;

/** POST /api/me/two-factor/disable: the password and a code (or a recovery code). */
export const disableTwoFactorInputSchema = z.object({
  password: textSchema({ error: 'Enter your password' }).min(1, 'Enter your password'),
  code: codeField(),
});
export type DisableTwoFactorInput = z.infer<typeof disableTwoFactorInputSchema>;

const challengeField = () => textSchema({ error: 'Sign in again' }).min(1, 'Sign in again').max(200, 'Sign in again');

/** POST /api/auth/login/two-factor: the challenge of the password step and a 6-digit code or a recovery code. */
export const twoFactorLoginInputSchema = z.object({ challenge: challengeField(), code: codeField() });
export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginInputSchema>;

/** POST /api/auth/login/two-factor/setup: the set-up challenge of a user whose role requires a second factor. */
export const twoFactorChallengeInputSchema = z.object({ challenge: challengeField() });
export type TwoFactorChallengeInput = z.infer<typeof twoFactorChallengeInputSchema>;
