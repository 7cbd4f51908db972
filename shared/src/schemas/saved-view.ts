import { z } from 'zod';
import { idSchema } from './id';
import { LEADS_VIEWS, leadsUrlSchema } from './mini/lead-list-query';
import { textSchema } from './text';

/** Who sees a saved view besides its owner (docs/decisions/077). */
export const SAVED_VIEW_VISIBILITIES = ['personal', 'team', 'everyone'] as const;
export type SavedViewVisibility = (typeof SAVED_VIEW_VISIBILITIES)[number];

export const SAVED_VIEW_NAME_MAX = 60;
const NAME_MESSAGE = `Название — от 1 до ${SAVED_VIEW_NAME_MAX} символов`;

const { page: _page, after: _after, before: _before, cursors: _cursors, ...viewFields } = leadsUrlSchema.shape;

/**
 * What a saved view stores: the leads list's URL state (filters, sort, page size, table or kanban, the table's shown
 * columns) and nothing else.
 * Unknown keys are refused, so a shared view cannot carry anything the list would not read; paging and cursors are
 * not part of a view.
 */
export const savedViewQuerySchema = z.strictObject(viewFields);
/** A view's query as a client sends it. */
export type SavedViewQueryInput = z.input<typeof savedViewQuerySchema>;
/** A view's query as stored and answered (defaults filled: sort, per_page, view). */
export type SavedViewQuery = z.output<typeof savedViewQuerySchema>;

const nameSchema = textSchema({ error: NAME_MESSAGE }).trim().min(1, NAME_MESSAGE).max(SAVED_VIEW_NAME_MAX, NAME_MESSAGE);
const visibilitySchema = z.enum(SAVED_VIEW_VISIBILITIES, { error: 'Выберите: только я, команда или все' });

/** POST /api/saved-views. Sharing (team, everyone) needs `manage saved-views`; `team_id` is required for team. */
export const createSavedViewInputSchema = z.object({
  name: nameSchema,
  query: savedViewQuerySchema,
  visibility: visibilitySchema.default('personal'),
  team_id: idSchema('Неизвестная команда').nullish(),
});
export type CreateSavedViewInput = z.input<typeof createSavedViewInputSchema>;

/** PATCH /api/saved-views/{id}: the owner changes any of these, with the version they read (409 when stale). */
export const updateSavedViewInputSchema = z.object({
  version: z.number({ error: 'Укажите версию' }).int().min(1),
  name: nameSchema.optional(),
  query: savedViewQuerySchema.optional(),
  visibility: visibilitySchema.optional(),
  team_id: idSchema('Неизвестная команда').nullish(),
  position: z.number({ error: 'Позиция — целое число от 0' }).int().min(0).max(10_000).optional(),
});
export type UpdateSavedViewInput = z.input<typeof updateSavedViewInputSchema>;

const person = z.object({ id: z.number().int(), name: z.string() });
const flag = z.enum(['0', '1']).optional();

/** A stored query as answered: the output of `savedViewQuerySchema` (no transforms, so answers serialise as they are). */
export const savedViewStoredQuerySchema = z.object({
  search: z.string().optional(),
  status_id: z.union([z.literal('none'), z.number().int()]).optional(),
  user_id: z.number().int().optional(),
  team_id: z.number().int().optional(),
  favorite: flag,
  created_from: z.string().optional(),
  created_to: z.string().optional(),
  updated_from: z.string().optional(),
  updated_to: z.string().optional(),
  tz: z.string().optional(),
  inactive_days: z.number().int().optional(),
  no_user: flag,
  overdue_tasks: flag,
  sort: z.string(),
  per_page: z.number().int(),
  view: z.enum(LEADS_VIEWS),
  /** Absent in a view saved before the column chooser, or with every column shown: all of them. */
  columns: z.string().optional(),
}) satisfies z.ZodType<SavedViewQuery>;

/** A saved view as GET /api/saved-views answers it. `own`: the caller owns it (and may change or delete it). */
export const savedViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  query: savedViewStoredQuerySchema,
  visibility: z.enum(SAVED_VIEW_VISIBILITIES),
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  owner: person,
  own: z.boolean(),
  position: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;
