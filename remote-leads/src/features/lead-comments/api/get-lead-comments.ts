import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { DataListEnvelope, leadCommentSchema } from '@crm/shared/schemas';
import { parseWithSchemas } from '../../../api/parse-with-schemas';

export type LeadCommentsResponse = DataListEnvelope<typeof leadCommentSchema>;

export const leadCommentsPath = (leadId: number) => `/leads/${leadId}/comments`;

export const leadCommentsKey = (leadId: number) => [leadCommentsPath(leadId)] as const;

const parseLeadComments = parseWithSchemas(({ dataEnvelope, leadCommentSchema }) => dataEnvelope(leadCommentSchema.array()));

/** GET /api/leads/{id}/comments, oldest first. */
export async function getLeadComments(leadId: number): Promise<LeadCommentsResponse> {
  return parseLeadComments(api.get<unknown>(leadCommentsPath(leadId)));
}

export function useLeadComments(leadId: number) {
  return useSWR<LeadCommentsResponse, ApiError>(leadCommentsKey(leadId), () => getLeadComments(leadId));
}
