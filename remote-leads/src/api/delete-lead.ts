import { useCallback } from 'react';
import { api } from '@crm/shared/api-client';
import { type MessageAnswer, messageSchema } from '@crm/shared/schemas';
import { useRevalidateLeads } from '../hooks/use-revalidate-leads';

/** DELETE /api/leads/{id}: needs `delete lead`; a lead outside the caller's scope answers 404. */
export async function deleteLead(id: number): Promise<MessageAnswer> {
  return messageSchema.parse(await api.delete<unknown>(`/leads/${id}`));
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
