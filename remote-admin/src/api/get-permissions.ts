import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { type DataListEnvelope, permissionSchema, dataEnvelope } from '@crm/shared/schemas';
import { z } from 'zod';

export const PERMISSIONS_PATH = '/permissions';

export type PermissionsResponse = DataListEnvelope<typeof permissionSchema>;

export const permissionsKey = [PERMISSIONS_PATH] as const;

const getPermissionsAnswer = dataEnvelope(z.array(permissionSchema));

/** GET /api/permissions (needs `view permissions`). */
export async function getPermissions(): Promise<PermissionsResponse> {
  return getPermissionsAnswer.parse(await api.get<unknown>(PERMISSIONS_PATH));
}

export function usePermissions() {
  return useSWR<PermissionsResponse, ApiError>(permissionsKey, getPermissions);
}
