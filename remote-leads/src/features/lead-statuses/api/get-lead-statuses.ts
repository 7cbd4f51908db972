import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { dataEnvelope, type DataListEnvelope, leadStatusSchema } from '@crm/shared/schemas';
import { z } from 'zod';

export const LEAD_STATUSES_PATH = '/lead-status';

export type LeadStatusesResponse = DataListEnvelope<typeof leadStatusSchema>;
/** The statuses' answer (GET, and the reorder's), parsed as the host parses its own. */
export const leadStatusesResponseSchema = dataEnvelope(z.array(leadStatusSchema));
/** One status's answer (create, update). */
export const leadStatusResponseSchema = dataEnvelope(leadStatusSchema);

/** The one cache entry of the statuses: writes revalidate it with `mutate(leadStatusesKey)`. */
export const leadStatusesKey = [LEAD_STATUSES_PATH] as const;

/** GET /api/lead-status, in position order. */
export async function getLeadStatuses(): Promise<LeadStatusesResponse> {
  return leadStatusesResponseSchema.parse(await api.get<unknown>(LEAD_STATUSES_PATH));
}

/** The statuses ordered by position; other features (the leads filter) get them through app/. */
export function useLeadStatuses() {
  return useSWR<LeadStatusesResponse, ApiError>(leadStatusesKey, getLeadStatuses);
}
