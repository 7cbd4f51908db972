import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { type DataListEnvelope, roleSchema, dataEnvelope } from '@crm/shared/schemas';
import { z } from 'zod';

export const ROLES_PATH = '/roles';
export type RolesResponse = DataListEnvelope<typeof roleSchema>;
export const rolesKey = [ROLES_PATH] as const;

const getRolesAnswer = dataEnvelope(z.array(roleSchema));

/** GET /api/roles (needs `view roles`): the roles page's cards and the user dialog's role choices. */
export async function getRoles(): Promise<RolesResponse> {
  return getRolesAnswer.parse(await api.get<unknown>(ROLES_PATH));
}

/** `enabled` false (e.g. without `view roles`) asks nothing. */
export function useRoles(enabled = true) {
  return useSWR<RolesResponse, ApiError>(enabled ? rolesKey : null, getRoles);
}
