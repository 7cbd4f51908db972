import { z } from 'zod';
import { idSchema } from './id';
import { textSchema } from './text';

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
const colorSchema = z.string({ error: 'Укажите цвет вида #0D9394' }).regex(HEX_COLOR, 'Укажите цвет вида #0D9394');

/**
 * A comment step: a stage a lead's comments are grouped under (fields not in the spec; ours, docs/decisions/027).
 * An archived step is offered to no new comment and stays on the comments that have it.
 */
export const commentStepSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  color: z.string(),
  archived: z.boolean(),
});
export type CommentStep = z.infer<typeof commentStepSchema>;

const nameSchema = textSchema({ error: 'Укажите название' }).trim().min(1, 'Укажите название').max(100, 'Не больше 100 символов');

export const createCommentStepInputSchema = z.object({
  name: nameSchema,
  color: colorSchema.default('#A8AAAE'),
});
export type CreateCommentStepInput = z.input<typeof createCommentStepInputSchema>;

/** PATCH /api/comment-steps/{id}: rename, recolour, archive or restore; a field left out keeps its value. */
export const updateCommentStepInputSchema = z.object({
  name: nameSchema.optional(),
  color: colorSchema.optional(),
  archived: z.boolean({ error: 'Укажите true или false' }).optional(),
});
export type UpdateCommentStepInput = z.input<typeof updateCommentStepInputSchema>;

/** PUT /api/comment-steps/order: every step id (archived ones included) in the new order. */
export const reorderCommentStepsInputSchema = z.object({ ids: z.array(idSchema()).min(1, 'Перечислите все шаги') });
export type ReorderCommentStepsInput = z.infer<typeof reorderCommentStepsInputSchema>;
