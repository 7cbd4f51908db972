import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { type DataListEnvelope, userSchema, dataEnvelope } from '@crm/shared/schemas';
import { z } from 'zod';

export const usersKey = ['/users'] as const;

const getUserOptionsAnswer = dataEnvelope(z.array(userSchema));

/** GET /api/users (needs `view users`): every user, for the team lead and members pickers. */
export async function getUserOptions(): Promise<DataListEnvelope<typeof userSchema>> {
  return getUserOptionsAnswer.parse(await api.get<unknown>('/users'));
}

export function useUserOptions() {
  return useSWR<DataListEnvelope<typeof userSchema>, ApiError>(usersKey, getUserOptions);
}
