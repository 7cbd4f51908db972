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

const leadDateFilter = z.optional(calendarDateQuery());

/** The longest inactivity `inactive_days` takes: ten years. */
export const INACTIVE_DAYS_MAX = 3650;
const INACTIVE_DAYS_MESSAGE = `Укажите число дней от 1 до ${INACTIVE_DAYS_MAX}`;

/**
 * The list's filters beyond search, status, user and favourites (docs/decisions/077): created and updated date ranges
 * (whole days, inclusive, in `tz`), no activity for `inactive_days`, without a responsible user, with overdue tasks.
 */
export const leadExtraFiltersShape = {
  created_from: leadDateFilter,
  created_to: leadDateFilter,
  updated_from: leadDateFilter,
  updated_to: leadDateFilter,
  /** The zone the date ranges' days are read in (default: the server's TASKS_TIME_ZONE). */
  tz: z.optional(timeZoneQuery()),
  /** No update, comment or history entry for this many days. */
  inactive_days: z.optional(
    z.coerce.number({ error: INACTIVE_DAYS_MESSAGE }).check(z.int({ error: INACTIVE_DAYS_MESSAGE, abort: true }), z.minimum(1, INACTIVE_DAYS_MESSAGE), z.maximum(INACTIVE_DAYS_MAX, INACTIVE_DAYS_MESSAGE)),
  ),
  /** `1`: leads nobody is responsible for. */
  no_user: z.optional(z.enum(['0', '1'])),
  /** `1`: leads with an open task due before now. */
  overdue_tasks: z.optional(z.enum(['0', '1'])),
};

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
   * Created and updated date ranges (the dashboard's bars open the list with `created_from`/`created_to`, decision
   * 076), inactivity, no responsible user, overdue tasks (decision 077).
   */
  ...leadExtraFiltersShape,
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
 * The leads table's columns, in their order (fixed: the chooser shows and hides them, it does not move them). `name`
 * is always shown, so a row always opens its lead.
 */
export const LEAD_LIST_COLUMNS = ['name', 'phone', 'status', 'responsible', 'is_favorite', 'created_at', 'actions'] as const;
export type LeadListColumn = (typeof LEAD_LIST_COLUMNS)[number];
/** The column no view hides. */
export const LEAD_LIST_FIXED_COLUMN = 'name' satisfies LeadListColumn;

const COLUMNS_EMPTY_MESSAGE = 'Выберите хотя бы один столбец';
const unknownColumns = (value: string) =>
  value.split(',').filter((name) => !(LEAD_LIST_COLUMNS as readonly string[]).includes(name));

/**
 * `columns`: the table's shown columns, comma-separated (`name,phone,status`); absent, all of them. Written back in the
 * table's order, without repeats and with `name`, so the same choice is always the same text (a view compares as text).
 */
const leadListColumnsSchema = z.optional(
  z.string().check(
    z.minLength(1, COLUMNS_EMPTY_MESSAGE),
    z.refine((value) => value === '' || unknownColumns(value).length === 0, {
      error: (issue) => `Неизвестные столбцы: ${unknownColumns(String(issue.input)).join(', ')}`,
    }),
    z.overwrite((value) => {
      const chosen = new Set(value.split(','));
      return LEAD_LIST_COLUMNS.filter((name) => name === LEAD_LIST_FIXED_COLUMN || chosen.has(name)).join(',');
    }),
  ),
);

/**
 * /leads/list's URL: the API's GET /api/leads querystring, plus the view (table or kanban) and the table's columns,
 * which only the page reads.
 * Here rather than in remote-leads so the remote imports no zod at run time: the leads page then loads no second copy
 * of zod's core (zod is not federation-shared; shared whole it would cost all its locales, docs/decisions/033).
 */
export const leadsUrlSchema = z.extend(listLeadsQuerySchema, { view: leadsViewSchema, columns: leadListColumnsSchema });
export type LeadsUrlQuery = z.output<typeof leadsUrlSchema>;
