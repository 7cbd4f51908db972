import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { DataListEnvelope, userSchema } from '@crm/shared/schemas';

export const USERS_PATH = '/users';
export type AuditActorsResponse = DataListEnvelope<typeof userSchema>;
export const auditActorsKey = [USERS_PATH] as const;

/** GET /api/users: the people the actor filter offers. */
export function getAuditActors(): Promise<AuditActorsResponse> {
  return api.get<AuditActorsResponse>(USERS_PATH);
}

export function useAuditActors() {
  return useSWR<AuditActorsResponse, ApiError>(auditActorsKey, getAuditActors);
}
