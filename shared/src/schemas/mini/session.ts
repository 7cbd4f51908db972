import { z } from 'zod/mini';
import { abilityRuleSchema, type AbilityRule } from './ability-rule';
import { userSchema } from './user';

/** What sign-in and GET /api/auth/me answer; the client stores each part under the spec's names. */
export const sessionSchema = z.object({
  accessToken: z.string(),
  userData: userSchema,
  userAbilityRules: z.array(abilityRuleSchema),
});
export type Session = z.infer<typeof sessionSchema>;

export const meSchema = z.omit(sessionSchema, { accessToken: true });
export type Me = z.infer<typeof meSchema>;

/**
 * The rules as a client reads them: a rule this build does not know (a subject or action a newer API added) is
 * dropped, so it grants nothing here and never fails the sign-in of a host built before it.
 */
const knownRulesSchema = z.pipe(
  z.array(z.unknown()),
  z.transform((rules): AbilityRule[] =>
    rules.flatMap((rule) => {
      const parsed = abilityRuleSchema.safeParse(rule);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
);

/** sessionSchema for clients: rules they do not know are dropped (see knownRulesSchema). */
export const sessionAnswerSchema = z.extend(sessionSchema, { userAbilityRules: knownRulesSchema });

/** meSchema for clients: rules they do not know are dropped (see knownRulesSchema). */
export const meAnswerSchema = z.extend(meSchema, { userAbilityRules: knownRulesSchema });

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
