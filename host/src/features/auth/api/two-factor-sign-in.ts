import { api } from '@crm/shared/api-client';
import { sessionAnswerSchema, type Session } from '@crm/shared/schemas/mini';

/** POST /api/auth/login/two-factor: the challenge and a code (or a recovery code); 422 names `code` or `challenge`. */
export async function completeTwoFactorSignIn(challenge: string, code: string): Promise<Session> {
  return sessionAnswerSchema.parse(await api.post<unknown>('/auth/login/two-factor', { challenge, code }));
}
