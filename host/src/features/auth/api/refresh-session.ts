import { api, getAccessToken, saveSession } from '@crm/shared/api-client';
import { meAnswerSchema } from '@crm/shared/schemas/mini';

/** GET /api/auth/me, stored as the session: the user's rules after their role changed, without signing in again. */
export async function refreshSession(): Promise<void> {
  const me = meAnswerSchema.parse(await api.get<unknown>('/auth/me'));
  const accessToken = getAccessToken();
  if (accessToken) saveSession({ accessToken, ...me });
}
