import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import { commentStepSchema, type CreateCommentStepInput, type DataEnvelope, dataEnvelope } from '@crm/shared/schemas';
import { COMMENT_STEPS_PATH, commentStepsKey } from './get-comment-steps';

const createCommentStepAnswer = dataEnvelope(commentStepSchema);

export async function createCommentStep(input: CreateCommentStepInput): Promise<DataEnvelope<typeof commentStepSchema>> {
  return createCommentStepAnswer.parse(await api.post<unknown>(COMMENT_STEPS_PATH, input));
}

/** Creates a step, then revalidates every cached step list. */
export function useCreateCommentStep() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: CreateCommentStepInput) => {
      const created = await createCommentStep(input);
      await mutate(commentStepsKey);
      return created.data;
    },
    [mutate],
  );
}
