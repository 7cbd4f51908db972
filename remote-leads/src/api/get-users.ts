import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { DataListEnvelope, listedUserSchema } from '@crm/shared/schemas';

export const USERS_PATH = '/users';

export type UsersResponse = DataListEnvelope<typeof listedUserSchema>;

export const usersKey = [USERS_PATH] as const;

// Typed, not parsed: the leads list's first load carries no classic zod (its 250 KB budget, e2e first-load-budget);
// the detail, the form and the settings pages parse their answers.
/** GET /api/users (needs `view users`). */
export function getUsers(): Promise<UsersResponse> {
  return api.get<UsersResponse>(USERS_PATH);
}

/**
 * The users a lead can be filtered by or handed to; `enabled: false` (without `view users`, or while the share
 * dialog is closed) asks for nothing, so no doomed 403 is requested.
 */
export function useUsers(enabled = true) {
  return useSWR<UsersResponse, ApiError>(enabled ? usersKey : null, getUsers);
}
