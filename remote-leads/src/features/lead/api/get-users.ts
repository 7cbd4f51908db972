import { api, useApi } from '@crm/shared/api-client';
import type { User } from '@crm/shared/schemas';

export const USERS_PATH = '/users';

export type UsersResponse = { data: User[] };

/** GET /api/users (needs `view users`). */
export function getUsers(): Promise<UsersResponse> {
  return api.get<UsersResponse>(USERS_PATH);
}

/** The users list; pass `enabled: false` when the caller may not view users, so no doomed 403 is asked for. */
export function useUsers(enabled = true) {
  return useApi<UsersResponse>(enabled ? USERS_PATH : null);
}
