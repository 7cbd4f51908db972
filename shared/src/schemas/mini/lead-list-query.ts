import { z } from 'zod/mini';
import { calendarDateQuery, timeZoneQuery } from './calendar-date';
import { pageQuerySchema } from './envelope';
import { miniIdSchema } from './id';
import { miniTextSchema, UNSTORABLE_TEXT_MESSAGE_RU } from './text';

export const LEAD_SORT_FIELDS = ['created_at', 'surname', 'phone', 'status_id', 'updated_at'] as const;

/** `status_id=none` in GET /api/leads (and the CSV export, and the kanban's first column): the leads without a status. */
export const NO_STATUS = 'none';
/** What `status_id` filters by: a status's id, or NO_STATUS. */
export type LeadStatusFilter = number | typeof NO_STATUS;
/** The name shown for NO_STATUS: the filter option, the kanban's first column, the inline and bulk status pickers. */
export const NO_STATUS_LABEL = 'Без статуса';

/**
 * GET /api/leads's querystring, which /leads/list also reads its URL with (`lenientQuerySchema`): built with zod/mini
 * so the list's first load carries no classic zod (docs/decisions/033).
 */
export const listLeadsQuerySchema = z.object({
  ...pageQuerySchema.shape,
  search: z.optional(miniTextSchema({ unstorable: UNSTORABLE_TEXT_MESSAGE_RU }).check(z.trim(), z.maxLength(200))),
  status_id: z.optional(
    z.union([z.literal(NO_STATUS), miniIdSchema('Неизвестный статус')], { error: 'Неизвестный статус' }),
  ),
  user_id: z.optional(miniIdSchema('Неизвестный пользователь')),
  /** Leads a member of this team created or is responsible for (the dashboard's team filter, docs/decisions/076). */
  team_id: z.optional(miniIdSchema('Неизвестная команда')),
  favorite: z.optional(z.enum(['0', '1'])),
  /**
   * Leads created from this day to that day, both included, cut in `tz` (default: the server's TASKS_TIME_ZONE): the
   * dashboard's bars open the list with them (docs/decisions/076).
   */
  created_from: z.optional(calendarDateQuery()),
  created_to: z.optional(calendarDateQuery()),
  tz: z.optional(timeZoneQuery()),
  /** `field` ascending or `-field` descending. */
  sort: z._default(
    z.string().check(z.regex(new RegExp(`^-?(${LEAD_SORT_FIELDS.join('|')})$`), 'Unknown sort field')),
    '-created_at',
  ),
  /**
   * Keyset paging (optional): `after` = the `meta.next_cursor` of the page before (the rows that follow it), `before` =
   * the `meta.prev_cursor` of the page after (the rows that precede it), under the same sort and filters. `page` is then
   * only echoed back as `current_page`; without a cursor, `page` skips rows as before.
   */
  after: z.optional(z.string().check(z.maxLength(400), z.regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor'))),
  /** `cursors=1` (implied by `after`/`before`): `meta` also carries the cursors and `total_is_estimate`. */
  cursors: z.optional(z.enum(['0', '1'])),
  before: z.optional(z.string().check(z.maxLength(400), z.regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor'))),
});
export type ListLeadsQuery = z.input<typeof listLeadsQuerySchema>;

/** How /leads/list shows the leads (its `view` URL parameter; the API does not read it). */
export const LEADS_VIEWS = ['table', 'kanban', 'duplicates'] as const;
export const leadsViewSchema = z._default(z.enum(LEADS_VIEWS), 'table');

/**
 * /leads/list's URL: the API's GET /api/leads querystring, plus the view (table or kanban), which only the page reads.
 * Here rather than in remote-leads so the remote imports no zod at run time: the leads page then loads no second copy
 * of zod's core (zod is not federation-shared; shared whole it would cost all its locales, docs/decisions/033).
 */
export const leadsUrlSchema = z.extend(listLeadsQuerySchema, { view: leadsViewSchema });
export type LeadsUrlQuery = z.output<typeof leadsUrlSchema>;
