import { z } from 'zod/mini';
import { sessionAnswerSchema, sessionSchema } from './session';

/** What the password step answers instead of a session when a second factor is due (decision 071). */
export const TWO_FACTOR_STEPS = ['code', 'setup'] as const;
export type TwoFactorStep = (typeof TWO_FACTOR_STEPS)[number];

/**
 * POST /api/auth/login for a user with two-factor sign-in on (`code`: give a code next) or whose role requires it
 * before they set it up (`setup`: only the set-up steps are open). The challenge is single-use and short-lived.
 */
export const twoFactorChallengeSchema = z.object({
  two_factor: z.enum(TWO_FACTOR_STEPS),
  challenge: z.string(),
  expires_at: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** What POST /api/auth/login answers: a session as before, or a two-factor challenge. */
export const loginAnswerSchema = z.union([sessionSchema, twoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** loginAnswerSchema for clients (unknown rules dropped, as sessionAnswerSchema). */
export const loginClientAnswerSchema = z.union([sessionAnswerSchema, twoFactorChallengeSchema]);

/** POST /api/auth/login/two-factor/confirm: the session, with the new recovery codes shown this once. */
export const twoFactorSetupSessionSchema = z.extend(sessionSchema, { recovery_codes: z.array(z.string()) });
export type TwoFactorSetupSession = z.infer<typeof twoFactorSetupSessionSchema>;

/** twoFactorSetupSessionSchema for clients (unknown rules dropped). */
export const twoFactorSetupSessionAnswerSchema = z.extend(sessionAnswerSchema, { recovery_codes: z.array(z.string()) });
