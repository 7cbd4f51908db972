import { CrudListPage, type DataTableColumn } from '@crm/shared/ui';
import type { CommentStep } from '@crm/shared/schemas';
import { useDeleteCommentStep } from '../api/delete-comment-step';
import { useCommentSteps } from '../api/get-comment-steps';

const columns: DataTableColumn<CommentStep>[] = [
  { key: 'name', header: 'Name' },
  { key: 'position', header: 'Position', width: 120 },
];

/** /comment-step/list: the steps, an add button opening the `AddStepDrawer` child route, delete per row. */
export function CommentStepListPage() {
  const { data, error, isLoading, mutate } = useCommentSteps();
  const deleteCommentStep = useDeleteCommentStep();
  return (
    <CrudListPage
      title="Comment steps"
      aria-label="Comment steps"
      columns={columns}
      rows={data?.data}
      rowKey="id"
      loading={isLoading}
      error={error}
      onRetry={() => void mutate()}
      add={{ label: 'Add step', to: 'AddStepDrawer', subject: 'step' }}
      remove={{
        label: 'Delete',
        subject: 'step',
        rowLabel: (step) => step.name,
        run: (step) => deleteCommentStep(step.id),
        successMessage: 'Step deleted',
      }}
    />
  );
}
