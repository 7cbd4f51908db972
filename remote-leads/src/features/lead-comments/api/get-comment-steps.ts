import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { commentStepSchema, type DataListEnvelope, dataEnvelope } from '@crm/shared/schemas';

export const COMMENT_STEPS_PATH = '/comment-steps';

export type CommentStepsResponse = DataListEnvelope<typeof commentStepSchema>;

export const commentStepsKey = [COMMENT_STEPS_PATH] as const;

const getCommentStepsAnswer = dataEnvelope(commentStepSchema.array());

/** GET /api/comment-steps (needs `view step`). */
export async function getCommentSteps(): Promise<CommentStepsResponse> {
  return getCommentStepsAnswer.parse(await api.get<unknown>(COMMENT_STEPS_PATH));
}

export function useCommentSteps() {
  return useSWR<CommentStepsResponse, ApiError>(commentStepsKey, getCommentSteps);
}
