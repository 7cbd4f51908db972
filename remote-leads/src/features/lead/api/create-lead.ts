import { api } from '@crm/shared/api-client';
import type { LeadInput } from '@crm/shared/schemas';
import type { LeadResponse } from './get-lead';

/** POST /api/leads → 201 with the new lead; 422 keyed by field (§5). */
export function createLead(input: LeadInput): Promise<LeadResponse> {
  return api.post<LeadResponse>('/leads', input);
}
