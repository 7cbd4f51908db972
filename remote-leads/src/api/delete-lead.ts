import { useCallback } from 'react';
import { api, type RequestOptions } from '@crm/shared/api-client';
import type { MessageAnswer } from '@crm/shared/schemas';
import { useConfirm, useUndoableDelete } from '@crm/shared/ui';
import { useRevalidateLeads } from '../hooks/use-revalidate-leads';

// Typed, not parsed: the leads list's first load carries no classic zod (its 250 KB budget, e2e first-load-budget).
/** DELETE /api/leads/{id}: needs `delete lead`; a lead outside the caller's scope answers 404. */
export function deleteLead(id: number, options?: RequestOptions): Promise<MessageAnswer> {
  return api.delete<MessageAnswer>(`/leads/${id}`, undefined, options);
}

/** What the lists and the kanban hide while the lead's delete waits for 'Отменить' (docs/decisions/064). */
export const pendingLeadKey = (id: number) => `lead:${id}`;

/**
 * Asks 'Удалить лида <ФИО>?', then deletes after the undo toast's 10 seconds and refreshes every cached leads read.
 * Answers whether the user said yes (the lead is hidden from then on).
 */
export function useDeleteLead() {
  const confirm = useConfirm();
  const remove = useUndoableDelete();
  const revalidate = useRevalidateLeads();
  return useCallback(
    async (lead: { id: number; name: string }): Promise<boolean> => {
      if (!(await confirm(`Удалить лида ${lead.name}?`, { confirmLabel: 'Удалить', cancelLabel: 'Отмена' }))) return false;
      remove({
        key: pendingLeadKey(lead.id),
        name: lead.name,
        message: `Лид ${lead.name} удалён`,
        send: ({ keepalive }) => deleteLead(lead.id, { keepalive }),
        onSettled: revalidate,
      });
      return true;
    },
    [confirm, remove, revalidate],
  );
}
