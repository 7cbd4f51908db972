import { useCallback } from 'react';
import { api } from '@crm/shared/api-client';
import type { MessageAnswer } from '@crm/shared/schemas';
import { useRevalidateLeads } from '../hooks/use-revalidate-leads';

// Typed, not parsed: the leads list's first load carries no classic zod (its 250 KB budget, e2e first-load-budget).
/** DELETE /api/leads/{id}: needs `delete lead`; a lead outside the caller's scope answers 404. */
export function deleteLead(id: number): Promise<MessageAnswer> {
  return api.delete<MessageAnswer>(`/leads/${id}`);
}

/** Deletes a lead, then refreshes every cached leads read (list pages, kanban columns, the lead itself). */
export function useDeleteLead() {
  const revalidate = useRevalidateLeads();
  return useCallback(
    async (id: number) => {
      const answer = await deleteLead(id);
      revalidate();
      return answer;
    },
    [revalidate],
  );
}
