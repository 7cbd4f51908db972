import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import { type MessageAnswer, messageSchema } from '@crm/shared/schemas';
import { COMMENT_STEPS_PATH, commentStepsKey } from './get-comment-steps';

export async function deleteCommentStep(id: number): Promise<MessageAnswer> {
  return messageSchema.parse(await api.delete<unknown>(`${COMMENT_STEPS_PATH}/${id}`));
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
