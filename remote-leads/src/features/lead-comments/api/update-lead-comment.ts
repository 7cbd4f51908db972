import { api } from '@crm/shared/api-client';
import type { LeadComment, LeadCommentInput } from '@crm/shared/schemas';
import { leadCommentsPath } from './get-lead-comments';

/** PUT /api/leads/{id}/comments/{commentId}: only the author may (else 403). */
export function updateLeadComment(leadId: number, commentId: number, input: LeadCommentInput): Promise<{ data: LeadComment }> {
  return api.put<{ data: LeadComment }>(`${leadCommentsPath(leadId)}/${commentId}`, input);
}
