import { z } from 'zod';
import { idSchema } from './id';
import { leadListItemSchema } from './lead';
import { pageQuerySchema, paginationMetaSchema } from './mini/envelope';

/** The lead fields a merge takes from one side or the other; responsible users are always the union of both. */
export const LEAD_MERGE_FIELDS = ['surname', 'firstname', 'patronymic', 'phone', 'status_id', 'additional_info'] as const;
export type LeadMergeField = (typeof LEAD_MERGE_FIELDS)[number];

/** Which lead a field's value comes from: the kept one or the one merged into it (and deleted). */
export const LEAD_MERGE_SIDES = ['keep', 'merge'] as const;
export type LeadMergeSide = (typeof LEAD_MERGE_SIDES)[number];

const sideSchema = z.enum(LEAD_MERGE_SIDES, 'Выберите keep или merge');
const versionSchema = z.number({ error: 'Укажите версию лида' }).int('Укажите версию лида').min(1, 'Укажите версию лида');

/**
 * POST /api/leads/merge: `merge_id` is merged into `keep_id` and deleted. Each field not named keeps the kept lead's
 * value; a field that is not a lead field is a 422 on `fields.<name>`. The versions are the ones the dialog showed:
 * either lead changed since answers 409.
 */
export const leadMergeInputSchema = z
  .object({
    keep_id: idSchema('Выберите лид, который останется'),
    merge_id: idSchema('Выберите лид, который будет объединён'),
    keep_version: versionSchema,
    merge_version: versionSchema,
    fields: z
      .strictObject(
        Object.fromEntries(LEAD_MERGE_FIELDS.map((field) => [field, sideSchema.optional()])) as Record<LeadMergeField, z.ZodOptional<typeof sideSchema>>,
        { error: 'Такого поля у лида нет' },
      )
      .default({}),
  })
  .refine((input) => input.keep_id !== input.merge_id, { path: ['merge_id'], message: 'Нельзя объединить лид с самим собой' });
export type LeadMergeInput = z.input<typeof leadMergeInputSchema>;

/** Why leads are listed together as possible duplicates. */
export const LEAD_DUPLICATE_REASONS = ['phone', 'name'] as const;
export type LeadDuplicateReason = (typeof LEAD_DUPLICATE_REASONS)[number];

/** GET /api/leads/duplicates: the page of groups. */
export const leadDuplicatesQuerySchema = z.object({ ...pageQuerySchema.shape });
export type LeadDuplicatesQuery = z.input<typeof leadDuplicatesQuerySchema>;

/**
 * One group of possible duplicates the caller may see: leads with the same normalised phone, or the same surname and
 * first name ignoring case. `key` is the shared phone digits or "surname firstname" in lower case; leads oldest first.
 */
export const leadDuplicateGroupSchema = z.object({
  reason: z.enum(LEAD_DUPLICATE_REASONS),
  key: z.string(),
  /** How many leads share the key; `leads` holds at most the first 10. */
  count: z.number().int(),
  leads: z.array(leadListItemSchema),
});
export type LeadDuplicateGroup = z.infer<typeof leadDuplicateGroupSchema>;

export const leadDuplicatesResponseSchema = z.object({ data: z.array(leadDuplicateGroupSchema), meta: paginationMetaSchema });
export type LeadDuplicatesResponse = z.infer<typeof leadDuplicatesResponseSchema>;
