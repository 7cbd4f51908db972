import { api, useApi } from '@crm/shared/api-client';
import type { User } from '@crm/shared/schemas';

export const USERS_PATH = '/users';

export type UsersResponse = { data: User[] };

export function getUsers(): Promise<UsersResponse> {
  return api.get<UsersResponse>(USERS_PATH);
}

/** The users a lead can be filtered by or handed to; pass `enabled: false` without `view users` so no 403 is asked for. */
export function useUsers(enabled: boolean) {
  return useApi<UsersResponse>(enabled ? USERS_PATH : null);
}
