import { useCallback } from 'react';
import { api } from '@crm/shared/api-client';
import { type CommentStep, commentStepSchema, type DataListEnvelope, dataEnvelope } from '@crm/shared/schemas';
import { z } from 'zod';
import { COMMENT_STEPS_PATH, useCommentSteps } from './get-comment-steps';

const reorderCommentStepsAnswer = dataEnvelope(z.array(commentStepSchema));

/** PUT /api/comment-steps/order: every step id in the new order; the server renumbers the positions. */
export async function reorderCommentSteps(ids: number[]): Promise<DataListEnvelope<typeof commentStepSchema>> {
  return reorderCommentStepsAnswer.parse(await api.put<unknown>(`${COMMENT_STEPS_PATH}/order`, { ids }));
}

/** Shows the new order at once, puts the old one back if the server refuses (rethrown), revalidates either way. */
export function useReorderCommentSteps() {
  const { mutate } = useCommentSteps();
  return useCallback(
    async (ordered: readonly CommentStep[]) => {
      const optimistic = { data: ordered.map((step, index) => ({ ...step, position: index + 1 })) };
      await mutate(
        async () => {
          await reorderCommentSteps(ordered.map((step) => step.id));
          return optimistic;
        },
        { optimisticData: optimistic, rollbackOnError: true, populateCache: false },
      );
    },
    [mutate],
  );
}
