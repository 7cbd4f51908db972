import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import type { CommentStep, CreateCommentStepInput } from '@crm/shared/schemas';
import { COMMENT_STEPS_PATH, isCommentStepsKey } from './get-comment-steps';

export function createCommentStep(input: CreateCommentStepInput): Promise<{ data: CommentStep }> {
  return api.post<{ data: CommentStep }>(COMMENT_STEPS_PATH, input);
}

/** Creates a step, then revalidates every cached step list. */
export function useCreateCommentStep() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: CreateCommentStepInput) => {
      const created = await createCommentStep(input);
      await mutate(isCommentStepsKey);
      return created.data;
    },
    [mutate],
  );
}
