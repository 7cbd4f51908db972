import { api } from '@crm/shared/api-client';
import { type MessageAnswer, messageSchema } from '@crm/shared/schemas';
import { leadCommentsPath } from './get-lead-comments';

/** DELETE /api/leads/{id}/comments/{commentId}: only the author may (else 403). */
export async function deleteLeadComment(leadId: number, commentId: number): Promise<MessageAnswer> {
  return messageSchema.parse(await api.delete<unknown>(`${leadCommentsPath(leadId)}/${commentId}`));
}
