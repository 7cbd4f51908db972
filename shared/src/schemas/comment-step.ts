import { z } from 'zod';
import { textSchema } from './text';

/** A comment step: a stage a lead's comments are grouped under (fields not in the spec; ours). */
export const commentStepSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
});
export type CommentStep = z.infer<typeof commentStepSchema>;

export const createCommentStepInputSchema = z.object({
  name: textSchema({ error: 'Enter a name' }).trim().min(1, 'Enter a name').max(100, 'At most 100 characters'),
});
export type CreateCommentStepInput = z.infer<typeof createCommentStepInputSchema>;
