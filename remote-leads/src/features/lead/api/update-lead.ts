import { api } from '@crm/shared/api-client';
import type { LeadInput } from '@crm/shared/schemas';
import { leadPath, type LeadResponse, parseLeadAnswer } from './get-lead';

/**
 * POST /api/leads/{id}. `input.version` is the version the form was read at: a stale one answers
 * 409 LEAD_VERSION_CONFLICT instead of overwriting someone else's change.
 */
export async function updateLead(id: number, input: LeadInput): Promise<LeadResponse> {
  return parseLeadAnswer(api.post<unknown>(leadPath(id), input));
}
