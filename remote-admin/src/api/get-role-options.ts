import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { type DataListEnvelope, roleOptionSchema, dataEnvelope } from '@crm/shared/schemas';
import { z } from 'zod';

const ROLE_OPTIONS_PATH = '/roles/options';
export type RoleOptionsResponse = DataListEnvelope<typeof roleOptionSchema>;
export const roleOptionsKey = [ROLE_OPTIONS_PATH] as const;

const getRoleOptionsAnswer = dataEnvelope(z.array(roleOptionSchema));

/** GET /api/roles/options (view users or view roles): the roles' ids and names, for the users page's filter. */
export async function getRoleOptions(): Promise<RoleOptionsResponse> {
  return getRoleOptionsAnswer.parse(await api.get<unknown>(ROLE_OPTIONS_PATH));
}

/** `enabled` false asks nothing. */
export function useRoleOptions(enabled = true) {
  return useSWR<RoleOptionsResponse, ApiError>(enabled ? roleOptionsKey : null, getRoleOptions);
}
