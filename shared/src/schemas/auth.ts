import { z } from 'zod';
import { abilityRuleSchema } from './ability-rule';
import { textSchema } from './text';
import { userSchema } from './user';

export const loginInputSchema = z.object({
  email: textSchema().trim().toLowerCase().email('Enter a valid email address'),
  password: textSchema().min(1, 'Enter your password'),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** What sign-in and GET /api/auth/me answer; the client stores each part under the spec's names (§3). */
export const sessionSchema = z.object({
  accessToken: z.string(),
  userData: userSchema,
  userAbilityRules: z.array(abilityRuleSchema),
});
export type Session = z.infer<typeof sessionSchema>;

export const meSchema = sessionSchema.omit({ accessToken: true });
export type Me = z.infer<typeof meSchema>;

export const forgotPasswordInputSchema = z.object({
  email: textSchema().trim().toLowerCase().email('Enter a valid email address'),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

export const PASSWORD_MIN_LENGTH = 8;

export const resetPasswordInputSchema = z
  .object({
    email: textSchema().trim().toLowerCase().email('Enter a valid email address'),
    token: textSchema().min(1, 'The reset link is incomplete'),
    password: textSchema().min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`),
    password_confirmation: textSchema(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The passwords do not match',
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

export const messageSchema = z.object({ message: z.string() });
/** `{ message }`: the answer of a write that returns nothing else (deletes, sign-out, password mails). */
export type MessageAnswer = z.infer<typeof messageSchema>;
