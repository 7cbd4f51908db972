import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { DataListEnvelope, userSchema } from '@crm/shared/schemas';

export const usersKey = ['/users'] as const;

/** GET /api/users (needs `view users`): every user, for the team lead and members pickers. */
export function getUserOptions(): Promise<DataListEnvelope<typeof userSchema>> {
  return api.get<DataListEnvelope<typeof userSchema>>('/users');
}

export function useUserOptions() {
  return useSWR<DataListEnvelope<typeof userSchema>, ApiError>(usersKey, getUserOptions);
}
