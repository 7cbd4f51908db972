import { z } from 'zod';
import { textSchema } from './text';

export const loginInputSchema = z.object({
  email: textSchema().trim().toLowerCase().email('Enter a valid email address'),
  password: textSchema().min(1, 'Enter your password'),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

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

function bothStrings(value: unknown, a: string, b: string): boolean {
  const record = value as Record<string, unknown> | null;
  return typeof record?.[a] === 'string' && typeof record?.[b] === 'string' && record[a] !== '' && record[b] !== '';
}

/**
 * POST /api/auth/change-password: the signed-in user's own password. The current one is required (checked on the
 * server), the new one twice; every failing field answers at once.
 */
export const changePasswordInputSchema = z
  .object({
    current_password: textSchema({ error: 'Enter your current password' }).min(1, 'Enter your current password'),
    password: textSchema({ error: `Use at least ${PASSWORD_MIN_LENGTH} characters` })
      .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(200, 'Use at most 200 characters'),
    password_confirmation: textSchema({ error: 'Repeat the new password' }),
  })
  // `when`: the comparisons run even if another field failed, so one answer names every failing field.
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The passwords do not match',
    when: (payload) => bothStrings(payload.value, 'password', 'password_confirmation'),
  })
  .refine((v) => v.password !== v.current_password, {
    path: ['password'],
    message: 'Choose a password different from the current one',
    when: (payload) => bothStrings(payload.value, 'password', 'current_password'),
  });
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

export const messageSchema = z.object({ message: z.string() });
/** `{ message }`: the answer of a write that returns nothing else (deletes, sign-out, password mails). */
export type MessageAnswer = z.infer<typeof messageSchema>;

/** POST /api/auth/oidc/exchange: the one-time code the callback put in the login page's URL. */
export const ssoExchangeInputSchema = z.object({
  code: textSchema({ error: 'The sign-in link is incomplete' }).min(1, 'The sign-in link is incomplete').max(100, 'The sign-in link is invalid'),
});
export type SsoExchangeInput = z.infer<typeof ssoExchangeInputSchema>;
