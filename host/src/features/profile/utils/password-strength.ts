import { PASSWORD_MIN_LENGTH } from '@crm/shared/schemas';

export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

/**
 * A rough score for the meter: 0 under the minimum length, then points for length and for mixing lower case, upper
 * case, digits and symbols; a run of one character or an all-digit password stays weak. Advice only: the server
 * enforces the minimum length.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < PASSWORD_MIN_LENGTH) return 0;
  if (/^(.)\1*$/.test(password) || /^\d+$/.test(password)) return 1;
  const classes = [/[a-zа-яё]/, /[A-ZА-ЯЁ]/, /\d/, /[^\p{L}\d]/u].filter((re) => re.test(password)).length;
  let score = 1;
  if (password.length >= 12) score += 1;
  if (password.length >= 16) score += 1;
  if (classes >= 2) score += 1;
  if (classes >= 3) score += 1;
  return Math.min(4, score) as PasswordStrength;
}
