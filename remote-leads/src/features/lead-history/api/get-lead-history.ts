import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { type DataListEnvelope, leadHistoryEntrySchema, dataEnvelope } from '@crm/shared/schemas';
import { z } from 'zod';

export type LeadHistoryResponse = DataListEnvelope<typeof leadHistoryEntrySchema>;

export const leadHistoryPath = (leadId: number) => `/leads/${leadId}/history`;

export const leadHistoryKey = (leadId: number) => [leadHistoryPath(leadId)] as const;

const getLeadHistoryAnswer = dataEnvelope(z.array(leadHistoryEntrySchema));

/** GET /api/leads/{id}/history, newest first. */
export async function getLeadHistory(leadId: number): Promise<LeadHistoryResponse> {
  return getLeadHistoryAnswer.parse(await api.get<unknown>(leadHistoryPath(leadId)));
}

export function useLeadHistory(leadId: number) {
  return useSWR<LeadHistoryResponse, ApiError>(leadHistoryKey(leadId), () => getLeadHistory(leadId));
}
