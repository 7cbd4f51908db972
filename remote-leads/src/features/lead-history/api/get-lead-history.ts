import { api, useApi } from '@crm/shared/api-client';
import type { LeadHistoryEntry } from '@crm/shared/schemas';

export type LeadHistoryResponse = { data: LeadHistoryEntry[] };

export const leadHistoryPath = (leadId: number) => `/leads/${leadId}/history`;

/** GET /api/leads/{id}/history, newest first. */
export function getLeadHistory(leadId: number): Promise<LeadHistoryResponse> {
  return api.get<LeadHistoryResponse>(leadHistoryPath(leadId));
}

export function useLeadHistory(leadId: number) {
  return useApi<LeadHistoryResponse>(leadHistoryPath(leadId));
}
