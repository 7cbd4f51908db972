import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { DataListEnvelope, leadHistoryEntrySchema } from '@crm/shared/schemas';

export type LeadHistoryResponse = DataListEnvelope<typeof leadHistoryEntrySchema>;

export const leadHistoryPath = (leadId: number) => `/leads/${leadId}/history`;

export const leadHistoryKey = (leadId: number) => [leadHistoryPath(leadId)] as const;

/** GET /api/leads/{id}/history, newest first. */
export function getLeadHistory(leadId: number): Promise<LeadHistoryResponse> {
  return api.get<LeadHistoryResponse>(leadHistoryPath(leadId));
}

export function useLeadHistory(leadId: number) {
  return useSWR<LeadHistoryResponse, ApiError>(leadHistoryKey(leadId), () => getLeadHistory(leadId));
}
