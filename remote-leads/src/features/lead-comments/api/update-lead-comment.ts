import { api } from '@crm/shared/api-client';
import type { DataEnvelope, LeadCommentInput, leadCommentSchema } from '@crm/shared/schemas';
import { leadCommentsPath } from './get-lead-comments';

/** PUT /api/leads/{id}/comments/{commentId}: only the author may (else 403). */
export function updateLeadComment(leadId: number, commentId: number, input: LeadCommentInput): Promise<DataEnvelope<typeof leadCommentSchema>> {
  return api.put<DataEnvelope<typeof leadCommentSchema>>(`${leadCommentsPath(leadId)}/${commentId}`, input);
}
