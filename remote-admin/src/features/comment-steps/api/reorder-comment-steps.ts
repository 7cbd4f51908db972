import { useCallback } from 'react';
import { api } from '@crm/shared/api-client';
import type { CommentStep, commentStepSchema, DataListEnvelope } from '@crm/shared/schemas';
import { COMMENT_STEPS_PATH, useCommentSteps } from './get-comment-steps';

/** PUT /api/comment-steps/order: every step id in the new order; the server renumbers the positions. */
export function reorderCommentSteps(ids: number[]): Promise<DataListEnvelope<typeof commentStepSchema>> {
  return api.put<DataListEnvelope<typeof commentStepSchema>>(`${COMMENT_STEPS_PATH}/order`, { ids });
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
