import { api } from '@crm/shared/api-client';
import { type DataEnvelope, type LeadCommentInput, leadCommentSchema, dataEnvelope } from '@crm/shared/schemas';
import { leadCommentsPath } from './get-lead-comments';

const updateLeadCommentAnswer = dataEnvelope(leadCommentSchema);

/** PUT /api/leads/{id}/comments/{commentId}: only the author may (else 403). */
export async function updateLeadComment(leadId: number, commentId: number, input: LeadCommentInput): Promise<DataEnvelope<typeof leadCommentSchema>> {
  return updateLeadCommentAnswer.parse(await api.put<unknown>(`${leadCommentsPath(leadId)}/${commentId}`, input));
}
