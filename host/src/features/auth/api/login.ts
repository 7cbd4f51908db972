import { api } from '@crm/shared/api-client';
import type { LoginInput } from '@crm/shared/schemas';
import { loginClientAnswerSchema, type LoginAnswer } from '@crm/shared/schemas/mini';

/**
 * POST /api/auth/login; wrong credentials answer 422 with `errors.email`, too many attempts 429. A user with
 * two-factor sign-in (or whose role requires it) gets a challenge instead of the session (decision 071).
 */
export async function login(input: LoginInput): Promise<LoginAnswer> {
  return loginClientAnswerSchema.parse(await api.post<unknown>('/auth/login', input));
}
