import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { type LeadHistory, leadHistorySchema } from '@crm/shared/schemas';

export type LeadHistoryResponse = LeadHistory;

export const leadHistoryPath = (leadId: number) => `/leads/${leadId}/history`;

export const leadHistoryKey = (leadId: number) => [leadHistoryPath(leadId)] as const;

/** GET /api/leads/{id}/history, newest first, with the deleted statuses its entries name. */
export async function getLeadHistory(leadId: number): Promise<LeadHistoryResponse> {
  return leadHistorySchema.parse(await api.get<unknown>(leadHistoryPath(leadId)));
}

export function useLeadHistory(leadId: number) {
  return useSWR<LeadHistoryResponse, ApiError>(leadHistoryKey(leadId), () => getLeadHistory(leadId));
}
