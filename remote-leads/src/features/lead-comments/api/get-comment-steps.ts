import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { commentStepSchema, DataListEnvelope } from '@crm/shared/schemas';
import { parseWithSchemas } from '../../../api/parse-with-schemas';

export const COMMENT_STEPS_PATH = '/comment-steps';

export type CommentStepsResponse = DataListEnvelope<typeof commentStepSchema>;

export const commentStepsKey = [COMMENT_STEPS_PATH] as const;

const parseCommentSteps = parseWithSchemas(({ dataEnvelope, commentStepSchema }) => dataEnvelope(commentStepSchema.array()));

/** GET /api/comment-steps (needs `view step`). */
export async function getCommentSteps(): Promise<CommentStepsResponse> {
  return parseCommentSteps(api.get<unknown>(COMMENT_STEPS_PATH));
}

export function useCommentSteps() {
  return useSWR<CommentStepsResponse, ApiError>(commentStepsKey, getCommentSteps);
}
