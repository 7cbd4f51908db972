import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { DataListEnvelope, leadStatusSchema } from '@crm/shared/schemas';

export const LEAD_STATUSES_PATH = '/lead-status';

export type LeadStatusesResponse = DataListEnvelope<typeof leadStatusSchema>;

/** The one cache entry of the statuses: writes revalidate it with `mutate(leadStatusesKey)`. */
export const leadStatusesKey = [LEAD_STATUSES_PATH] as const;

// Typed, not parsed: the leads list's first load carries no classic zod (its 250 KB budget, e2e first-load-budget);
// the detail, the form and the settings pages parse their answers.
/** GET /api/lead-status, in position order. */
export function getLeadStatuses(): Promise<LeadStatusesResponse> {
  return api.get<LeadStatusesResponse>(LEAD_STATUSES_PATH);
}

/** The statuses ordered by position; other features (the leads filter) get them through app/. */
export function useLeadStatuses() {
  return useSWR<LeadStatusesResponse, ApiError>(leadStatusesKey, getLeadStatuses);
}
