import { z } from 'zod';
import { idSchema } from './id';
import { leadListItemSchema } from './lead';
import { textSchema, UNSTORABLE_TEXT_MESSAGE_RU } from './text';

const personSchema = z.object({ id: z.number().int(), first_name: z.string(), name: z.string() });

/** GET /api/leads/{id}: the lead plus what the detail page shows without further calls. */
export const leadDetailSchema = leadListItemSchema.extend({
  creator: personSchema.nullable(),
  updated_by: personSchema.nullable(),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

export const leadCommentSchema = z.object({
  id: z.number().int(),
  lead_id: z.number().int(),
  /** The step with its colour (comment steps page); an archived step stays on the comments that have it. */
  step: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).nullable(),
  author: personSchema.nullable(),
  /** Sanitised HTML. */
  body: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LeadComment = z.infer<typeof leadCommentSchema>;

export const leadCommentInputSchema = z.object({
  step_id: idSchema('Выберите этап'),
  body: textSchema({ error: 'Напишите комментарий', unstorable: UNSTORABLE_TEXT_MESSAGE_RU }).trim().min(1, 'Напишите комментарий').max(50_000, 'Слишком длинный комментарий'),
});
export type LeadCommentInput = z.input<typeof leadCommentInputSchema>;

export const LEAD_HISTORY_ACTIONS = [
  'created',
  'updated',
  'status_changed',
  'assigned',
  'comment_added',
  'comment_updated',
  'comment_deleted',
  'imported',
  /** Another lead was merged into this one (its comments and history moved here; docs/decisions/075). */
  'merged',
] as const;

/** One recorded change of a lead: who, when, what, and for field changes the old and new values. */
export const leadHistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(LEAD_HISTORY_ACTIONS),
  user: personSchema.nullable(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  created_at: z.string(),
});
export type LeadHistoryEntry = z.infer<typeof leadHistoryEntrySchema>;

/**
 * GET /api/leads/{id}/history: the entries, newest first, and the statuses they name that were deleted since, by the
 * name each had last (docs/decisions/068), so a timeline never shows a bare id.
 */
export const leadHistorySchema = z.object({
  data: z.array(leadHistoryEntrySchema),
  // An API from before this field answers without it.
  deleted_statuses: z.array(z.object({ id: z.number().int(), name: z.string() })).default([]),
});
export type LeadHistory = z.infer<typeof leadHistorySchema>;
