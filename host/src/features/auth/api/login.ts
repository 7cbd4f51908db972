import { api } from '@crm/shared/api-client';
import type { LoginInput } from '@crm/shared/schemas';
import { sessionAnswerSchema, type Session } from '@crm/shared/schemas/mini';

/** POST /api/auth/login; wrong credentials answer 422 with `errors.email`, too many attempts 429. */
export async function login(input: LoginInput): Promise<Session> {
  return sessionAnswerSchema.parse(await api.post<unknown>('/auth/login', input));
}
