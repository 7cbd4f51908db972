import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { type DataListEnvelope, userSchema, dataEnvelope } from '@crm/shared/schemas';
import { z } from 'zod';

export const USERS_PATH = '/users';
export type AuditActorsResponse = DataListEnvelope<typeof userSchema>;
export const auditActorsKey = [USERS_PATH] as const;

const getAuditActorsAnswer = dataEnvelope(z.array(userSchema));

/** GET /api/users: the people the actor filter offers. */
export async function getAuditActors(): Promise<AuditActorsResponse> {
  return getAuditActorsAnswer.parse(await api.get<unknown>(USERS_PATH));
}

export function useAuditActors() {
  return useSWR<AuditActorsResponse, ApiError>(auditActorsKey, getAuditActors);
}
