import { z } from 'zod';
import { pageQuerySchema, paginationMetaSchema } from './envelope';
import { idSchema } from './id';
import { textSchema, UNSTORABLE_TEXT_MESSAGE_RU } from './text';

/** A lead (§3). `users` holds the ids of the responsible users. */
export const leadSchema = z.object({
  id: z.number().int(),
  surname: z.string(),
  firstname: z.string(),
  patronymic: z.string(),
  phone: z.string(),
  status_id: z.number().int().nullable(),
  additional_info: z.string(),
  users: z.array(z.number().int()),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Lead = z.infer<typeof leadSchema>;

/** A row of GET /api/leads: the lead plus what the list shows without further calls. */
export const leadListItemSchema = leadSchema.extend({
  status: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).nullable(),
  responsible: z.array(z.object({ id: z.number().int(), first_name: z.string(), name: z.string() })),
  is_favorite: z.boolean(),
});
export type LeadListItem = z.infer<typeof leadListItemSchema>;

export const LEAD_SORT_FIELDS = ['created_at', 'surname', 'phone', 'status_id', 'updated_at'] as const;

/** `status_id=none` in GET /api/leads (and the CSV export, and the kanban's first column): the leads without a status. */
export const NO_STATUS = 'none';
/** What `status_id` filters by: a status's id, or NO_STATUS. */
export type LeadStatusFilter = number | typeof NO_STATUS;
/** The name shown for NO_STATUS: the filter option, the kanban's first column, the inline and bulk status pickers. */
export const NO_STATUS_LABEL = 'Без статуса';

export const listLeadsQuerySchema = pageQuerySchema.extend({
  search: textSchema({ unstorable: UNSTORABLE_TEXT_MESSAGE_RU }).trim().max(200).optional(),
  status_id: z.union([z.literal(NO_STATUS), idSchema('Неизвестный статус')], { error: 'Неизвестный статус' }).optional(),
  user_id: idSchema('Неизвестный пользователь').optional(),
  favorite: z.enum(['0', '1']).optional(),
  /** `field` ascending or `-field` descending. */
  sort: z
    .string()
    .regex(new RegExp(`^-?(${LEAD_SORT_FIELDS.join('|')})$`), 'Unknown sort field')
    .default('-created_at'),
  /**
   * Keyset paging (optional): `after` = the `meta.next_cursor` of the page before (the rows that follow it), `before` =
   * the `meta.prev_cursor` of the page after (the rows that precede it), under the same sort and filters. `page` is then
   * only echoed back as `current_page`; without a cursor, `page` skips rows as before.
   */
  after: z.string().max(400).regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor').optional(),
  /** `cursors=1` (implied by `after`/`before`): `meta` also carries the cursors and `total_is_estimate`. */
  cursors: z.enum(['0', '1']).optional(),
  before: z.string().max(400).regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor').optional(),
});
export type ListLeadsQuery = z.input<typeof listLeadsQuerySchema>;

/** How /leads/list shows the leads (its `view` URL parameter; the API does not read it). */
export const LEADS_VIEWS = ['table', 'kanban'] as const;
/**
 * Here rather than in remote-leads so the remote builds its URL schema without a zod of its own: the leads page then
 * loads no second copy of zod (zod is not federation-shared; shared whole it would cost all its locales,
 * docs/decisions/033).
 */
export const leadsViewSchema = z.enum(LEADS_VIEWS).default('table');

/**
 * GET /api/leads: the usual `meta`; with `cursors=1`, `after` or `before` also whether `total` is not an exact count
 * (past the 10,000 cap: a filtered total is the cap, the unfiltered one the table estimate; show it as "more than
 * 10,000" / "about N") and the cursors of the page's last and first rows (null on
 * an empty page). Without them `meta` is exactly the paginated one, as existing clients read it.
 */
export const leadListResponseSchema = z.object({
  data: z.array(leadListItemSchema),
  meta: paginationMetaSchema.extend({
    total_is_estimate: z.boolean().optional(),
    next_cursor: z.string().nullable().optional(),
    prev_cursor: z.string().nullable().optional(),
  }),
});
