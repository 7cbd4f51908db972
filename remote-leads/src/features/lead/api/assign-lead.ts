import { api } from '@crm/shared/api-client';
import { leadPath, type LeadResponse } from './get-lead';

/** GET /api/leads/{id}/assign/{userId}: hands the lead over; the user becomes its only responsible user (§7). */
export function assignLead(id: number, userId: number): Promise<LeadResponse> {
  return api.get<LeadResponse>(`${leadPath(id)}/assign/${userId}`);
}
