import { api, useApi } from '@crm/shared/api-client';
import { meSchema, type Me } from '@crm/shared/schemas';

/** GET /api/auth/me: the signed-in user and their rules, fresh from the server. */
export async function getMe(): Promise<Me> {
  return meSchema.parse(await api.get<unknown>('/auth/me'));
}

export function useMe() {
  return useApi<Me>('/auth/me');
}
