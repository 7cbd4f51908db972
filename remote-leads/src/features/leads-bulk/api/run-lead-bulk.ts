import { api } from '@crm/shared/api-client';
import type { DataEnvelope, LeadBulkInput, leadBulkResultSchema } from '@crm/shared/schemas';

/**
 * POST /api/leads/bulk: one action on many leads. The API checks each lead against the caller's scope and
 * abilities and answers how many it changed and which it skipped, so a partial success is not an error.
 */
export function runLeadBulk(input: LeadBulkInput): Promise<DataEnvelope<typeof leadBulkResultSchema>> {
  return api.post<DataEnvelope<typeof leadBulkResultSchema>>('/leads/bulk', input);
}
