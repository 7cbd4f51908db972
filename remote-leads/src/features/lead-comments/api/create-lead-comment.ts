import { api } from '@crm/shared/api-client';
import { type DataEnvelope, type LeadCommentInput, leadCommentSchema, dataEnvelope } from '@crm/shared/schemas';
import { leadCommentsPath } from './get-lead-comments';

const createLeadCommentAnswer = dataEnvelope(leadCommentSchema);

/** POST /api/leads/{id}/comments {step_id, body} → 201; 422 keyed by step_id and body. */
export async function createLeadComment(leadId: number, input: LeadCommentInput): Promise<DataEnvelope<typeof leadCommentSchema>> {
  return createLeadCommentAnswer.parse(await api.post<unknown>(leadCommentsPath(leadId), input));
}
