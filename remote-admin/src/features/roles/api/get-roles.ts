import { api, useApi } from '@crm/shared/api-client';
import type { Role } from '@crm/shared/schemas';

export const ROLES_PATH = '/roles';

export type RolesResponse = { data: Role[] };

export function getRoles(): Promise<RolesResponse> {
  return api.get<RolesResponse>(ROLES_PATH);
}

export function useRoles() {
  return useApi<RolesResponse>(ROLES_PATH);
}
