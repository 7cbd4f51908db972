import { useState } from 'react';
import { ApiError, errorMessage } from '@crm/shared/api-client';
import type { LeadStatus } from '@crm/shared/schemas';
import { ERROR_CODE } from '@crm/shared/schemas/mini';
import { OrderedListPage, useToast } from '@crm/shared/ui';
import { useDeleteLeadStatus } from '../api/delete-lead-status';
import { useLeadStatuses } from '../api/get-lead-statuses';
import { useReorderLeadStatuses } from '../api/reorder-lead-statuses';
import { useUpdateLeadStatus } from '../api/update-lead-status';
import { LeadStatusTable } from './lead-status-table';
import { ReplaceStatusDialog } from './replace-status-dialog';

const ADD = { label: 'Добавить статус', to: 'AddStatusDrawer', subject: 'lead-status' } as const;

/**
 * /lead-status/list: the statuses in their order — rename, recolour, reorder, delete (with a replacement
 * when leads still use the status) — and the add button opening the `AddStatusDrawer` child route, on the kit's
 * `OrderedListPage` as the comment steps are.
 */
export function LeadStatusListPage() {
  const toast = useToast();
  const { data, error, isLoading, mutate } = useLeadStatuses();
  const updateLeadStatus = useUpdateLeadStatus();
  const reorderLeadStatuses = useReorderLeadStatuses();
  const deleteLeadStatus = useDeleteLeadStatus();
  const [inUse, setInUse] = useState<{ status: LeadStatus; message: string } | null>(null);
  const statuses = data?.data;

  const changeColor = async (status: LeadStatus, color: string) => {
    try {
      await updateLeadStatus(status.id, { color });
    } catch (failure) {
      toast.error(`Не удалось изменить цвет: ${errorMessage(failure)}`);
    }
  };

  // Leads still use the status: the dialog asks which status they move to.
  const askReplacement = (status: LeadStatus, failure: unknown) => {
    if (!(failure instanceof ApiError && failure.status === 409 && failure.code === ERROR_CODE.STATUS_IN_USE)) return false;
    setInUse({ status, message: errorMessage(failure) });
    return true;
  };

  const replaceAndRemove = async (replacementId: number) => {
    if (!inUse) return;
    await deleteLeadStatus(inUse.status.id, replacementId);
    setInUse(null);
    toast.success('Статус удалён');
  };

  return (
    <OrderedListPage<LeadStatus>
      title="Статусы лидов"
      add={ADD}
      errorTitle="Не удалось загрузить статусы"
      items={statuses}
      loading={isLoading}
      error={error}
      onRetry={() => void mutate()}
      reorder={reorderLeadStatuses}
      remove={{ run: (status) => deleteLeadStatus(status.id), successMessage: 'Статус удалён', onFailure: askReplacement }}
      renderTable={({ items, ...state }) => (
        <LeadStatusTable
          {...state}
          aria-label="Статусы лидов"
          statuses={items}
          onRename={(status, name) => updateLeadStatus(status.id, { name })}
          onColorChange={(status, color) => void changeColor(status, color)}
        />
      )}
    >
      <ReplaceStatusDialog
        status={inUse?.status ?? null}
        message={inUse?.message ?? ''}
        statuses={statuses ?? []}
        onCancel={() => setInUse(null)}
        onConfirm={replaceAndRemove}
      />
    </OrderedListPage>
  );
}
