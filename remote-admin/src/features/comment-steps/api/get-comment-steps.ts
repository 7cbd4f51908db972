import { api, useApi } from '@crm/shared/api-client';
import type { CommentStep } from '@crm/shared/schemas';

export const COMMENT_STEPS_PATH = '/comment-steps';

export type CommentStepsResponse = { data: CommentStep[] };

export function getCommentSteps(): Promise<CommentStepsResponse> {
  return api.get<CommentStepsResponse>(COMMENT_STEPS_PATH);
}

export function useCommentSteps() {
  return useApi<CommentStepsResponse>(COMMENT_STEPS_PATH);
}

// Matches the list whatever query it was cached under, so writes need not rebuild useApi's exact key.
export const isCommentStepsKey = (key: unknown): boolean => Array.isArray(key) && key[0] === COMMENT_STEPS_PATH;
