import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { DataListEnvelope, roleSchema } from '@crm/shared/schemas';

export const ROLES_PATH = '/roles';
export type RolesResponse = DataListEnvelope<typeof roleSchema>;
export const rolesKey = [ROLES_PATH] as const;

/** GET /api/roles (needs `view roles`): the roles page's cards and the users page's role choices. */
export function getRoles(): Promise<RolesResponse> {
  return api.get<RolesResponse>(ROLES_PATH);
}

/** `enabled` false (e.g. without `view roles`) asks nothing. */
export function useRoles(enabled = true) {
  return useSWR<RolesResponse, ApiError>(enabled ? rolesKey : null, getRoles);
}
