import { api } from '@crm/shared/api-client';
import type { DataEnvelope, LeadCommentInput, leadCommentSchema } from '@crm/shared/schemas';
import { leadCommentsPath } from './get-lead-comments';

/** POST /api/leads/{id}/comments {step_id, body} → 201; 422 keyed by step_id and body. */
export function createLeadComment(leadId: number, input: LeadCommentInput): Promise<DataEnvelope<typeof leadCommentSchema>> {
  return api.post<DataEnvelope<typeof leadCommentSchema>>(leadCommentsPath(leadId), input);
}
