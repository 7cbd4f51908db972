import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { type DataListEnvelope, listedUserSchema, dataEnvelope } from '@crm/shared/schemas';
import { z } from 'zod';

export const USERS_PATH = '/users';

export type UsersResponse = DataListEnvelope<typeof listedUserSchema>;

export const usersKey = [USERS_PATH] as const;

const getUsersAnswer = dataEnvelope(z.array(listedUserSchema));

/** GET /api/users (needs `view users`). */
export async function getUsers(): Promise<UsersResponse> {
  return getUsersAnswer.parse(await api.get<unknown>(USERS_PATH));
}

/**
 * The users a lead can be filtered by or handed to; `enabled: false` (without `view users`, or while the share
 * dialog is closed) asks for nothing, so no doomed 403 is requested.
 */
export function useUsers(enabled = true) {
  return useSWR<UsersResponse, ApiError>(enabled ? usersKey : null, getUsers);
}
