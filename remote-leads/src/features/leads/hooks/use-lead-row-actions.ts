import { useCallback, useEffect, useRef } from 'react';
import type { KeyedMutator } from 'swr';
import { errorMessage } from '@crm/shared/api-client';
import type { LeadListItem, LeadStatus } from '@crm/shared/schemas';
import { useConfirm, useToast } from '@crm/shared/ui';
import { changeLeadStatus } from '../../../api/change-lead-status';
import { useDeleteLead } from '../../../api/delete-lead';
import type { LeadsPage } from '../../../api/get-leads';
import { useToggleLeadFavorite } from '../../../api/toggle-lead-favorite';

export interface LeadRowActions {
  changeStatus: (leadId: number, statusId: number) => Promise<void>;
  toggleFavorite: (leadId: number, isFavorite: boolean) => Promise<void>;
  /** Asks 'Уверены?' first; resolves true once the lead is gone. */
  remove: (leadId: number) => Promise<boolean>;
}

type RowPatch = Partial<LeadListItem>;

function patchRow(page: LeadsPage | undefined, id: number, patch: RowPatch): LeadsPage | undefined {
  if (!page) return page;
  return { ...page, data: page.data.map((lead) => (lead.id === id ? { ...lead, ...patch } : lead)) };
}

/**
 * What a row can do, bound to the page's SWR cache. A status change shows at once and puts back only that row's old
 * status if the call fails, so two quick changes on different rows cannot undo each other. The star is the kanban's
 * (`useToggleLeadFavorite`). The callbacks are stable, which lets the memoised cells skip re-rendering.
 */
export function useLeadRowActions(mutate: KeyedMutator<LeadsPage>, statuses: readonly LeadStatus[]): LeadRowActions {
  const toast = useToast();
  const confirm = useConfirm();
  const deleteLead = useDeleteLead();
  const toggleFavorite = useToggleLeadFavorite();
  const latestStatuses = useRef(statuses);
  useEffect(() => {
    latestStatuses.current = statuses;
  });

  // Writes the cache without refetching: a refetch would move the row away under the user's pointer.
  const patch = useCallback(
    (id: number, build: (lead: LeadListItem) => RowPatch) => {
      let before: LeadListItem | undefined;
      void mutate(
        (page) => {
          before = page?.data.find((lead) => lead.id === id);
          return before ? patchRow(page, id, build(before)) : page;
        },
        { revalidate: false },
      );
      return before;
    },
    [mutate],
  );

  const changeStatus = useCallback(
    async (leadId: number, statusId: number) => {
      const status = latestStatuses.current.find((s) => s.id === statusId);
      const before = patch(leadId, () => ({
        status_id: statusId,
        status: status ? { id: status.id, name: status.name, color: status.color } : null,
      }));
      if (!before) return;
      try {
        const { data } = await changeLeadStatus(leadId, statusId);
        patch(leadId, () => ({ status_id: data.status_id, status: data.status, version: data.version, updated_at: data.updated_at }));
      } catch (failure) {
        patch(leadId, () => ({ status_id: before.status_id, status: before.status }));
        toast.error(`Не удалось изменить статус: ${errorMessage(failure)}`);
      }
    },
    [patch, toast],
  );

  const remove = useCallback(
    async (leadId: number) => {
      if (!(await confirm())) return false;
      try {
        await deleteLead(leadId);
      } catch (failure) {
        toast.error(errorMessage(failure));
        return false;
      }
      toast.success('Лид удалён');
      return true;
    },
    [confirm, deleteLead, toast],
  );

  return { changeStatus, toggleFavorite, remove };
}
