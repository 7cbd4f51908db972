import { useCallback } from 'react';
import { api } from '@crm/shared/api-client';
import { commentStepSchema, type DataEnvelope, type UpdateCommentStepInput, dataEnvelope } from '@crm/shared/schemas';
import { COMMENT_STEPS_PATH, type CommentStepsResponse, useCommentSteps } from './get-comment-steps';

const updateCommentStepAnswer = dataEnvelope(commentStepSchema);

/** PATCH /api/comment-steps/{id}: rename, recolour, archive or restore. */
export async function updateCommentStep(id: number, input: UpdateCommentStepInput): Promise<DataEnvelope<typeof commentStepSchema>> {
  return updateCommentStepAnswer.parse(await api.patch<unknown>(`${COMMENT_STEPS_PATH}/${id}`, input));
}

/**
 * Changes a step. The list shows the change at once and goes back if the server refuses (the ApiError is rethrown
 * for the caller to show); either way it revalidates.
 */
export function useUpdateCommentStep() {
  const { mutate } = useCommentSteps();
  return useCallback(
    async (id: number, input: UpdateCommentStepInput) => {
      const apply = (current: CommentStepsResponse | undefined) =>
        current && { data: current.data.map((step) => (step.id === id ? { ...step, ...input } : step)) };
      await mutate(
        async (current) => {
          await updateCommentStep(id, input);
          return apply(current);
        },
        { optimisticData: (current) => apply(current) as CommentStepsResponse, rollbackOnError: true, populateCache: false },
      );
    },
    [mutate],
  );
}
