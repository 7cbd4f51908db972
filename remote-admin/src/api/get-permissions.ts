import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { DataListEnvelope, permissionSchema } from '@crm/shared/schemas';

export const PERMISSIONS_PATH = '/permissions';

export type PermissionsResponse = DataListEnvelope<typeof permissionSchema>;

export const permissionsKey = [PERMISSIONS_PATH] as const;

/** GET /api/permissions (needs `view permissions`). */
export function getPermissions(): Promise<PermissionsResponse> {
  return api.get<PermissionsResponse>(PERMISSIONS_PATH);
}

export function usePermissions() {
  return useSWR<PermissionsResponse, ApiError>(permissionsKey, getPermissions);
}
