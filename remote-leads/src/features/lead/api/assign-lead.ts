import { useCallback } from 'react';
import { api } from '@crm/shared/api-client';
import { useRevalidateLeads } from '../../../hooks/use-revalidate-leads';
import { leadPath, type LeadResponse, parseLeadAnswer } from './get-lead';

/** GET /api/leads/{id}/assign/{userId}: hands the lead over; the user becomes its only responsible user. */
export async function assignLead(id: number, userId: number): Promise<LeadResponse> {
  return parseLeadAnswer(api.get<unknown>(`${leadPath(id)}/assign/${userId}`));
}

/** Hands a lead over, then refreshes every cached leads read (the list shows the new responsible user). */
export function useAssignLead() {
  const revalidate = useRevalidateLeads();
  return useCallback(
    async (id: number, userId: number) => {
      const answer = await assignLead(id, userId);
      revalidate();
      return answer;
    },
    [revalidate],
  );
}
