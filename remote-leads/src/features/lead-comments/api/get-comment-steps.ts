import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { commentStepSchema, DataListEnvelope } from '@crm/shared/schemas';

export const COMMENT_STEPS_PATH = '/comment-steps';

export type CommentStepsResponse = DataListEnvelope<typeof commentStepSchema>;

export const commentStepsKey = [COMMENT_STEPS_PATH] as const;

/** GET /api/comment-steps (needs `view step`). */
export function getCommentSteps(): Promise<CommentStepsResponse> {
  return api.get<CommentStepsResponse>(COMMENT_STEPS_PATH);
}

export function useCommentSteps() {
  return useSWR<CommentStepsResponse, ApiError>(commentStepsKey, getCommentSteps);
}
