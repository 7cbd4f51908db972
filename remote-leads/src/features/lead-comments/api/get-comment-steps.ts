import { api, useApi } from '@crm/shared/api-client';
import type { CommentStep } from '@crm/shared/schemas';

export const COMMENT_STEPS_PATH = '/comment-steps';

export type CommentStepsResponse = { data: CommentStep[] };

/** GET /api/comment-steps (needs `view step`). */
export function getCommentSteps(): Promise<CommentStepsResponse> {
  return api.get<CommentStepsResponse>(COMMENT_STEPS_PATH);
}

export function useCommentSteps() {
  return useApi<CommentStepsResponse>(COMMENT_STEPS_PATH);
}
