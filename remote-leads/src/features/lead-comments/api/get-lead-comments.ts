import { api, useApi } from '@crm/shared/api-client';
import type { LeadComment } from '@crm/shared/schemas';

export type LeadCommentsResponse = { data: LeadComment[] };

export const leadCommentsPath = (leadId: number) => `/leads/${leadId}/comments`;

/** GET /api/leads/{id}/comments, oldest first. */
export function getLeadComments(leadId: number): Promise<LeadCommentsResponse> {
  return api.get<LeadCommentsResponse>(leadCommentsPath(leadId));
}

export function useLeadComments(leadId: number) {
  return useApi<LeadCommentsResponse>(leadCommentsPath(leadId));
}
