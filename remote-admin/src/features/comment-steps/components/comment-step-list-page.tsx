import { useState } from 'react';
import { Outlet, useNavigate } from '@crm/shared/router';
import styled from 'styled-components';
import { Can } from '@crm/shared/abilities/react';
import { ApiError, errorMessage } from '@crm/shared/api-client';
import type { CommentStep } from '@crm/shared/schemas';
import { ERROR_CODE } from '@crm/shared/schemas/mini';
import { Button, Card, ErrorState, IconPlus, PageHeader, useConfirm, useToast } from '@crm/shared/ui';
import { useDeleteCommentStep } from '../api/delete-comment-step';
import { useCommentSteps } from '../api/get-comment-steps';
import { useReorderCommentSteps } from '../api/reorder-comment-steps';
import { useUpdateCommentStep } from '../api/update-comment-step';
import { CommentStepTable } from './comment-step-table';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
`;

/**
 * /comment-step/list: the steps in their order — rename, recolour, reorder, archive, delete (a step used by comments
 * is offered archiving instead) — and the add button opening the `AddStepDrawer` child route.
 */
export function CommentStepListPage() {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const { data, error, isLoading, mutate } = useCommentSteps();
  const updateCommentStep = useUpdateCommentStep();
  const reorderCommentSteps = useReorderCommentSteps();
  const deleteCommentStep = useDeleteCommentStep();
  const [reordering, setReordering] = useState(false);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const steps = data?.data;

  const change = async (step: CommentStep, input: Parameters<typeof updateCommentStep>[1], done?: string) => {
    try {
      await updateCommentStep(step.id, input);
      if (done) toast.success(done);
    } catch (failure) {
      toast.error(`Не удалось изменить шаг: ${errorMessage(failure)}`);
    }
  };

  const reorder = async (ordered: CommentStep[]) => {
    setReordering(true);
    try {
      await reorderCommentSteps(ordered);
    } catch (failure) {
      toast.error(`Не удалось изменить порядок: ${errorMessage(failure)}`);
    } finally {
      setReordering(false);
    }
  };

  const remove = async (step: CommentStep) => {
    if (!(await confirm())) return;
    setDeletingId(step.id);
    try {
      await deleteCommentStep(step.id);
      toast.success('Шаг удалён');
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409 && failure.code === ERROR_CODE.STEP_IN_USE) {
        if (await confirm(failure.message, { confirmLabel: 'В архив', cancelLabel: 'Отмена' })) {
          await change(step, { archived: true }, 'Шаг в архиве');
        }
      } else {
        toast.error(errorMessage(failure));
      }
    } finally {
      setDeletingId(null);
    }
  };

  return (
    <Page>
      <PageHeader
        title="Шаги комментариев"
        actions={
          <Can I="create" a="step">
            <Button startIcon={<IconPlus size={18} />} onClick={() => navigate('AddStepDrawer')}>
              Добавить шаг
            </Button>
          </Can>
        }
      />
      <Card flush>
        {error && !steps ? (
          <ErrorState title="Не удалось загрузить шаги" message={error.message} onRetry={() => void mutate()} />
        ) : (
          <CommentStepTable
            aria-label="Шаги комментариев"
            steps={steps ?? []}
            loading={isLoading}
            reordering={reordering}
            deletingId={deletingId}
            onRename={(step, name) => updateCommentStep(step.id, { name })}
            onColorChange={(step, color) => void change(step, { color })}
            onReorder={(ordered) => void reorder(ordered)}
            onArchiveToggle={(step) => void change(step, { archived: !step.archived }, step.archived ? 'Шаг восстановлен' : 'Шаг в архиве')}
            onDelete={(step) => void remove(step)}
          />
        )}
      </Card>
      <Outlet />
    </Page>
  );
}
