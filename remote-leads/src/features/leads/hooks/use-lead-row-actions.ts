import { useCallback, useEffect, useRef } from 'react';
import { errorMessage } from '@crm/shared/api-client';
import type { LeadStatus } from '@crm/shared/schemas';
import { useToast } from '@crm/shared/ui';
import { changeLeadStatus } from '../../../api/change-lead-status';
import { useDeleteLead } from '../../../api/delete-lead';
import { useToggleLeadFavorite } from '../../../api/toggle-lead-favorite';
import { usePatchCachedLead } from '../../../hooks/use-patch-cached-lead';

/** The confirmation of an inline status change. */
export const STATUS_CHANGED_MESSAGE = 'Статус изменён';

export interface LeadRowActions {
  /** `null` clears the status. */
  changeStatus: (leadId: number, statusId: number | null) => Promise<void>;
  toggleFavorite: (leadId: number, isFavorite: boolean) => Promise<void>;
  /** Asks 'Удалить лида <ФИО>?' first; resolves true once the lead is hidden (its delete waits for 'Отменить'). */
  remove: (leadId: number, leadName: string) => Promise<boolean>;
}

/**
 * What a row can do. A status change shows at once wherever the lead is shown and puts back only that lead's old
 * status if the call fails, so two quick changes on different rows cannot undo each other; the call is made even
 * while the page is being replaced (a new search), never dropped. The star is the one the kanban uses too (`useToggleLeadFavorite`).
 * The callbacks are stable, which lets the memoised cells skip re-rendering.
 */
export function useLeadRowActions(statuses: readonly LeadStatus[]): LeadRowActions {
  const toast = useToast();
  const deleteLead = useDeleteLead();
  const toggleFavorite = useToggleLeadFavorite();
  const patch = usePatchCachedLead();
  const latestStatuses = useRef(statuses);
  useEffect(() => {
    latestStatuses.current = statuses;
  });

  const changeStatus = useCallback(
    async (leadId: number, statusId: number | null) => {
      const status = latestStatuses.current.find((s) => s.id === statusId);
      const before = patch(leadId, () => ({
        status_id: statusId,
        status: status ? { id: status.id, name: status.name, color: status.color } : null,
      }));
      try {
        const { data } = await changeLeadStatus(leadId, statusId);
        patch(leadId, () => ({ status_id: data.status_id, status: data.status, version: data.version, updated_at: data.updated_at }));
        toast.success(STATUS_CHANGED_MESSAGE);
      } catch (failure) {
        if (before) patch(leadId, () => ({ status_id: before.status_id, status: before.status }));
        toast.error(`Не удалось изменить статус: ${errorMessage(failure)}`);
      }
    },
    [patch, toast],
  );

  const remove = useCallback((leadId: number, leadName: string) => deleteLead({ id: leadId, name: leadName }), [deleteLead]);

  return { changeStatus, toggleFavorite, remove };
}
