import { api } from '@crm/shared/api-client';
import { type DataEnvelope, type LeadBulkInput, leadBulkResultSchema, dataEnvelope } from '@crm/shared/schemas';

const runLeadBulkAnswer = dataEnvelope(leadBulkResultSchema);

/**
 * POST /api/leads/bulk: one action on many leads. The API checks each lead against the caller's scope and
 * abilities and answers how many it changed and which it skipped, so a partial success is not an error.
 */
export async function runLeadBulk(input: LeadBulkInput): Promise<DataEnvelope<typeof leadBulkResultSchema>> {
  return runLeadBulkAnswer.parse(await api.post<unknown>('/leads/bulk', input));
}
