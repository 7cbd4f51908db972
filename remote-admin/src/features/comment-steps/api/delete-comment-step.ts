import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import type { MessageAnswer } from '@crm/shared/schemas';
import { COMMENT_STEPS_PATH, commentStepsKey } from './get-comment-steps';

export function deleteCommentStep(id: number): Promise<MessageAnswer> {
  return api.delete<MessageAnswer>(`${COMMENT_STEPS_PATH}/${id}`);
}

export function useDeleteCommentStep() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number) => {
      const answer = await deleteCommentStep(id);
      await mutate(commentStepsKey);
      return answer;
    },
    [mutate],
  );
}
