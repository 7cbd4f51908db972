import { api, useApi } from '@crm/shared/api-client';
import type { Permission } from '@crm/shared/schemas';

export const PERMISSIONS_PATH = '/permissions';

export type PermissionsResponse = { data: Permission[] };

export function getPermissions(): Promise<PermissionsResponse> {
  return api.get<PermissionsResponse>(PERMISSIONS_PATH);
}

export function usePermissions() {
  return useApi<PermissionsResponse>(PERMISSIONS_PATH);
}
