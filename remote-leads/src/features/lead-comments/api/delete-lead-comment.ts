import { api } from '@crm/shared/api-client';
import { leadCommentsPath } from './get-lead-comments';

/** DELETE /api/leads/{id}/comments/{commentId}: only the author may (else 403). */
export function deleteLeadComment(leadId: number, commentId: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`${leadCommentsPath(leadId)}/${commentId}`);
}
