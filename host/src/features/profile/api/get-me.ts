import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { meAnswerSchema, type Me } from '@crm/shared/schemas/mini';

export const ME_PATH = '/auth/me';

export const meKey = [ME_PATH] as const;

/** GET /api/auth/me: the signed-in user and their rules, fresh from the server (checked against the shared schema). */
export async function getMe(): Promise<Me> {
  return meAnswerSchema.parse(await api.get<unknown>(ME_PATH));
}

export function useMe() {
  return useSWR<Me, ApiError>(meKey, getMe);
}
