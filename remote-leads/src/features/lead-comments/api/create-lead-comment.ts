import { api } from '@crm/shared/api-client';
import type { DataEnvelope, LeadCommentInput, leadCommentSchema } from '@crm/shared/schemas';
import { parseWithSchemas } from '../../../api/parse-with-schemas';
import { leadCommentsPath } from './get-lead-comments';

const parseCreatedComment = parseWithSchemas(({ dataEnvelope, leadCommentSchema }) => dataEnvelope(leadCommentSchema));

/** POST /api/leads/{id}/comments {step_id, body} → 201; 422 keyed by step_id and body. */
export async function createLeadComment(leadId: number, input: LeadCommentInput): Promise<DataEnvelope<typeof leadCommentSchema>> {
  return parseCreatedComment(api.post<unknown>(leadCommentsPath(leadId), input));
}
