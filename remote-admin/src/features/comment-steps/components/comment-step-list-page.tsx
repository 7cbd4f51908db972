import { ApiError, errorMessage } from '@crm/shared/api-client';
import type { CommentStep } from '@crm/shared/schemas';
import { ERROR_CODE } from '@crm/shared/schemas/mini';
import { OrderedListPage, useConfirm, useToast } from '@crm/shared/ui';
import { useDeleteCommentStep } from '../api/delete-comment-step';
import { useCommentSteps } from '../api/get-comment-steps';
import { useReorderCommentSteps } from '../api/reorder-comment-steps';
import { useUpdateCommentStep } from '../api/update-comment-step';
import { CommentStepTable } from './comment-step-table';

const ADD = { label: 'Добавить шаг', to: 'AddStepDrawer', subject: 'step' } as const;

/**
 * /comment-step/list: the steps in their order — rename, recolour, reorder, archive, delete (a step used by comments
 * is offered archiving instead) — and the add button opening the `AddStepDrawer` child route, on the kit's
 * `OrderedListPage` as the lead statuses are.
 */
export function CommentStepListPage() {
  const confirm = useConfirm();
  const toast = useToast();
  const { data, error, isLoading, mutate } = useCommentSteps();
  const updateCommentStep = useUpdateCommentStep();
  const reorderCommentSteps = useReorderCommentSteps();
  const deleteCommentStep = useDeleteCommentStep();

  const change = async (step: CommentStep, input: Parameters<typeof updateCommentStep>[1], done?: string) => {
    try {
      await updateCommentStep(step.id, input);
      if (done) toast.success(done);
    } catch (failure) {
      toast.error(`Не удалось изменить шаг: ${errorMessage(failure)}`);
    }
  };

  // A step that comments use cannot go: archiving it is offered instead.
  const offerArchive = async (step: CommentStep, failure: unknown) => {
    if (!(failure instanceof ApiError && failure.status === 409 && failure.code === ERROR_CODE.STEP_IN_USE)) return false;
    if (await confirm(errorMessage(failure), { confirmLabel: 'В архив', cancelLabel: 'Отмена' })) {
      await change(step, { archived: true }, 'Шаг в архиве');
    }
    return true;
  };

  return (
    <OrderedListPage<CommentStep>
      title="Шаги комментариев"
      add={ADD}
      errorTitle="Не удалось загрузить шаги"
      items={data?.data}
      loading={isLoading}
      error={error}
      onRetry={() => void mutate()}
      reorder={reorderCommentSteps}
      remove={{ run: (step) => deleteCommentStep(step.id), successMessage: 'Шаг удалён', onFailure: offerArchive }}
      renderTable={({ items, ...state }) => (
        <CommentStepTable
          {...state}
          aria-label="Шаги комментариев"
          steps={items}
          onRename={(step, name) => updateCommentStep(step.id, { name })}
          onColorChange={(step, color) => void change(step, { color })}
          onArchiveToggle={(step) => void change(step, { archived: !step.archived }, step.archived ? 'Шаг восстановлен' : 'Шаг в архиве')}
        />
      )}
    />
  );
}
