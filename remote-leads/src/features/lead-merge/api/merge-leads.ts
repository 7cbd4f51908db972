import { api } from '@crm/shared/api-client';
import { dataEnvelope, leadDetailSchema, type LeadDetail, type LeadMergeInput } from '@crm/shared/schemas';

const mergeAnswer = dataEnvelope(leadDetailSchema);

/**
 * POST /api/leads/merge: `merge_id` goes into `keep_id` and is deleted. Needs `edit lead` and `delete lead`; 404 when
 * either lead is out of scope, 409 when either changed since the versions sent.
 */
export async function mergeLeads(input: LeadMergeInput): Promise<LeadDetail> {
  return mergeAnswer.parse(await api.post<unknown>('/leads/merge', input)).data;
}
