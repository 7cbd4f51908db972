import { api } from '@crm/shared/api-client';
import type { LeadInput } from '@crm/shared/schemas';
import { type LeadResponse, parseLeadAnswer } from './get-lead';

/** POST /api/leads → 201 with the new lead; 422 keyed by field. */
export async function createLead(input: LeadInput): Promise<LeadResponse> {
  return parseLeadAnswer(api.post<unknown>('/leads', input));
}
