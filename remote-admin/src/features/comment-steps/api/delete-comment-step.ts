import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import { COMMENT_STEPS_PATH, isCommentStepsKey } from './get-comment-steps';

export function deleteCommentStep(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`${COMMENT_STEPS_PATH}/${id}`);
}

export function useDeleteCommentStep() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number) => {
      const answer = await deleteCommentStep(id);
      await mutate(isCommentStepsKey);
      return answer;
    },
    [mutate],
  );
}
