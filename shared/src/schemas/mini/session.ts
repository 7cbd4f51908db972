import { z } from 'zod/mini';
import { abilityRuleSchema } from './ability-rule';
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
