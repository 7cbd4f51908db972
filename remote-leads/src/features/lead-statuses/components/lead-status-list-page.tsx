import { useState } from 'react';
import { Outlet, useNavigate } from '@crm/shared/router';
import styled from 'styled-components';
import { Can } from '@crm/shared/abilities/react';
import { ApiError, errorMessage } from '@crm/shared/api-client';
import type { LeadStatus } from '@crm/shared/schemas';
import { ERROR_CODE } from '@crm/shared/schemas/mini';
import { Button, Card, ErrorState, IconPlus, PageHeader, useConfirm, useToast } from '@crm/shared/ui';
import { useDeleteLeadStatus } from '../api/delete-lead-status';
import { useLeadStatuses } from '../api/get-lead-statuses';
import { useReorderLeadStatuses } from '../api/reorder-lead-statuses';
import { useUpdateLeadStatus } from '../api/update-lead-status';
import { LeadStatusTable } from './lead-status-table';
import { ReplaceStatusDialog } from './replace-status-dialog';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
`;

/**
 * /lead-status/list: the statuses in their order — rename, recolour, reorder, delete (with a replacement
 * when leads still use the status) — and the add button opening the `AddStatusDrawer` child route.
 */
export function LeadStatusListPage() {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const { data, error, isLoading, mutate } = useLeadStatuses();
  const updateLeadStatus = useUpdateLeadStatus();
  const reorderLeadStatuses = useReorderLeadStatuses();
  const deleteLeadStatus = useDeleteLeadStatus();
  const [reordering, setReordering] = useState(false);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [inUse, setInUse] = useState<{ status: LeadStatus; message: string } | null>(null);
  const statuses = data?.data;

  const changeColor = async (status: LeadStatus, color: string) => {
    try {
      await updateLeadStatus(status.id, { color });
    } catch (failure) {
      toast.error(`Не удалось изменить цвет: ${errorMessage(failure)}`);
    }
  };

  const reorder = async (ordered: LeadStatus[]) => {
    setReordering(true);
    try {
      await reorderLeadStatuses(ordered);
    } catch (failure) {
      toast.error(`Не удалось изменить порядок: ${errorMessage(failure)}`);
    } finally {
      setReordering(false);
    }
  };

  const remove = async (status: LeadStatus) => {
    if (!(await confirm())) return;
    setDeletingId(status.id);
    try {
      await deleteLeadStatus(status.id);
      toast.success('Статус удалён');
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409 && failure.code === ERROR_CODE.STATUS_IN_USE) {
        setInUse({ status, message: failure.message });
      } else {
        toast.error(errorMessage(failure));
      }
    } finally {
      setDeletingId(null);
    }
  };

  const replaceAndRemove = async (replacementId: number) => {
    if (!inUse) return;
    await deleteLeadStatus(inUse.status.id, replacementId);
    setInUse(null);
    toast.success('Статус удалён');
  };

  return (
    <Page>
      <PageHeader
        title="Статусы лидов"
        actions={
          <Can I="create" a="lead-status">
            <Button startIcon={<IconPlus size={18} />} onClick={() => navigate('AddStatusDrawer')}>
              Добавить статус
            </Button>
          </Can>
        }
      />
      <Card flush>
        {error && !statuses ? (
          <ErrorState title="Не удалось загрузить статусы" message={error.message} onRetry={() => void mutate()} />
        ) : (
          <LeadStatusTable
            aria-label="Статусы лидов"
            statuses={statuses ?? []}
            loading={isLoading}
            reordering={reordering}
            deletingId={deletingId}
            onRename={(status, name) => updateLeadStatus(status.id, { name })}
            onColorChange={(status, color) => void changeColor(status, color)}
            onReorder={(ordered) => void reorder(ordered)}
            onDelete={(status) => void remove(status)}
          />
        )}
      </Card>
      <ReplaceStatusDialog
        status={inUse?.status ?? null}
        message={inUse?.message ?? ''}
        statuses={statuses ?? []}
        onCancel={() => setInUse(null)}
        onConfirm={replaceAndRemove}
      />
      <Outlet />
    </Page>
  );
}
