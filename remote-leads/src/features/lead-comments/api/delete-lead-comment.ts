import { api } from '@crm/shared/api-client';
import type { MessageAnswer } from '@crm/shared/schemas';
import { leadCommentsPath } from './get-lead-comments';

/** DELETE /api/leads/{id}/comments/{commentId}: only the author may (else 403). */
export function deleteLeadComment(leadId: number, commentId: number): Promise<MessageAnswer> {
  return api.delete<MessageAnswer>(`${leadCommentsPath(leadId)}/${commentId}`);
}
