import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { LeadHistory } from '@crm/shared/schemas';
import { parseWithSchemas } from '../../../api/parse-with-schemas';

export type LeadHistoryResponse = LeadHistory;

export const leadHistoryPath = (leadId: number) => `/leads/${leadId}/history`;

export const leadHistoryKey = (leadId: number) => [leadHistoryPath(leadId)] as const;

const parseLeadHistory = parseWithSchemas(({ leadHistorySchema }) => leadHistorySchema);

/** GET /api/leads/{id}/history, newest first, with the deleted statuses its entries name. */
export async function getLeadHistory(leadId: number): Promise<LeadHistoryResponse> {
  return parseLeadHistory(api.get<unknown>(leadHistoryPath(leadId)));
}

export function useLeadHistory(leadId: number) {
  return useSWR<LeadHistoryResponse, ApiError>(leadHistoryKey(leadId), () => getLeadHistory(leadId));
}
