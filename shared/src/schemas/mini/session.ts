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

