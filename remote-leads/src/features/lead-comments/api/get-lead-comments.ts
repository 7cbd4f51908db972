import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { DataListEnvelope, leadCommentSchema } from '@crm/shared/schemas';

export type LeadCommentsResponse = DataListEnvelope<typeof leadCommentSchema>;

export const leadCommentsPath = (leadId: number) => `/leads/${leadId}/comments`;

export const leadCommentsKey = (leadId: number) => [leadCommentsPath(leadId)] as const;

/** GET /api/leads/{id}/comments, oldest first. */
export function getLeadComments(leadId: number): Promise<LeadCommentsResponse> {
  return api.get<LeadCommentsResponse>(leadCommentsPath(leadId));
}

export function useLeadComments(leadId: number) {
  return useSWR<LeadCommentsResponse, ApiError>(leadCommentsKey(leadId), () => getLeadComments(leadId));
}
