import { api, useApi } from '@crm/shared/api-client';
import type { LeadStatus } from '@crm/shared/schemas';

export const LEAD_STATUSES_PATH = '/lead-status';

export type LeadStatusesResponse = { data: LeadStatus[] };

export function getLeadStatuses(): Promise<LeadStatusesResponse> {
  return api.get<LeadStatusesResponse>(LEAD_STATUSES_PATH);
}

/** The statuses ordered by position; other features (the leads filter) get them through app/. */
export function useLeadStatuses() {
  return useApi<LeadStatusesResponse>(LEAD_STATUSES_PATH);
}

// Matches the list whatever query it was cached under, so writes need not rebuild useApi's exact key.
export const isLeadStatusesKey = (key: unknown): boolean => Array.isArray(key) && key[0] === LEAD_STATUSES_PATH;
