import { api } from '@crm/shared/api-client';
import type { DataEnvelope, LeadCommentInput, leadCommentSchema } from '@crm/shared/schemas';
import { parseWithSchemas } from '../../../api/parse-with-schemas';
import { leadCommentsPath } from './get-lead-comments';

const parseUpdatedComment = parseWithSchemas(({ dataEnvelope, leadCommentSchema }) => dataEnvelope(leadCommentSchema));

/** PUT /api/leads/{id}/comments/{commentId}: only the author may (else 403). */
export async function updateLeadComment(leadId: number, commentId: number, input: LeadCommentInput): Promise<DataEnvelope<typeof leadCommentSchema>> {
  return parseUpdatedComment(api.put<unknown>(`${leadCommentsPath(leadId)}/${commentId}`, input));
}
