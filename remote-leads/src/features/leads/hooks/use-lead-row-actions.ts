import { useCallback, useEffect, useRef } from 'react';
import { useSWRConfig, type KeyedMutator } from 'swr';
import type { LeadListItem, LeadStatus } from '@crm/shared/schemas';
import { useConfirm, useToast } from '@crm/shared/ui';
import { changeLeadStatus } from '../../../api/change-lead-status';
import { deleteLead } from '../api/delete-lead';
import { isLeadsKey, type LeadsResponse } from '../api/get-leads';
import { toggleLeadFavorite } from '../../../api/toggle-lead-favorite';

export interface LeadRowActions {
  changeStatus: (leadId: number, statusId: number) => Promise<void>;
  toggleFavorite: (leadId: number) => Promise<void>;
  /** Asks 'Уверены?' first; resolves true once the lead is gone. */
  remove: (leadId: number) => Promise<boolean>;
}

type RowPatch = Partial<LeadListItem>;

function patchRow(page: LeadsResponse | undefined, id: number, patch: RowPatch): LeadsResponse | undefined {
  if (!page) return page;
  return { ...page, data: page.data.map((lead) => (lead.id === id ? { ...lead, ...patch } : lead)) };
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * What a row can do, bound to the page's SWR cache. Status and star change the row at once and put back only that
 * row's old values if the call fails, so two quick changes on different rows cannot undo each other.
 * The callbacks are stable, which lets the memoised cells skip re-rendering.
 */
export function useLeadRowActions(mutate: KeyedMutator<LeadsResponse>, statuses: readonly LeadStatus[]): LeadRowActions {
  const toast = useToast();
  const confirm = useConfirm();
  const { mutate: mutateGlobal } = useSWRConfig();
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
        toast.error(`Не удалось изменить статус: ${messageOf(failure)}`);
      }
    },
    [patch, toast],
  );

  const toggleFavorite = useCallback(
    async (leadId: number) => {
      const before = patch(leadId, (lead) => ({ is_favorite: !lead.is_favorite }));
      if (!before) return;
      try {
        const { data } = await toggleLeadFavorite(leadId);
        patch(leadId, () => ({ is_favorite: data.is_favorite }));
      } catch (failure) {
        patch(leadId, () => ({ is_favorite: before.is_favorite }));
        toast.error(`Не удалось обновить избранное: ${messageOf(failure)}`);
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
        toast.error(messageOf(failure));
        return false;
      }
      toast.success('Лид удалён');
      void mutateGlobal(isLeadsKey);
      return true;
    },
    [confirm, toast, mutateGlobal],
  );

  return { changeStatus, toggleFavorite, remove };
}
