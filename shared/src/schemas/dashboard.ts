import { z } from 'zod';
import { idSchema } from './id';
import { CALENDAR_DATE_MESSAGE_RU, isCalendarDate, isIanaTimeZone, TIME_ZONE_MESSAGE_RU } from './mini/calendar-date';

/** The longest period the dashboard counts over, in days (both ends included). */
export const DASHBOARD_MAX_DAYS = 366;
/** The period when none is given: the last 30 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;

const day = z.string().refine(isCalendarDate, CALENDAR_DATE_MESSAGE_RU);

/**
 * GET /api/dashboard's querystring (docs/decisions/076): a period of days `from`..`to` (both included, at most
 * DASHBOARD_MAX_DAYS, default the last 30 days), cut in `tz` (default TASKS_TIME_ZONE), and optionally one team the
 * viewer may pick (one of `teams` in the answer).
 */
export const dashboardQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
  team_id: idSchema('Неизвестная команда').optional(),
  tz: z.string().refine(isIanaTimeZone, TIME_ZONE_MESSAGE_RU).optional(),
});
/** What the page sends: days and the zone as text, the team as its id's digits. */
export type DashboardQuery = { from?: string; to?: string; team_id?: string; tz?: string };

const count = z.number().int();
const named = { id: z.number().int(), name: z.string() };

/** The dashboard's figures, all within the viewer's lead scope and the chosen team. */
export const dashboardSchema = z.object({
  /** The period actually counted (defaults filled in) and its zone. */
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  team_id: z.number().int().nullable(),
  /** The teams the viewer may filter by: every team for the all scope, their own teams otherwise. */
  teams: z.array(z.object(named)),
  /** Leads created in the period. */
  total_new: count,
  /** Leads created on each day of the period, every day listed (0 included). */
  new_leads: z.array(z.object({ date: z.string(), count })),
  /**
   * The funnel: the period's new leads by their current status, in the statuses' order; `status_id` null for the
   * leads without a status (listed only when there are some).
   */
  funnel: z.array(z.object({ status_id: z.number().int().nullable(), name: z.string(), color: z.string(), count })),
  /**
   * Between each status and the next in the configured order: of the leads that left `from` in the period (`exits`, a
   * change of status from it), how many went straight to `to`; `rate` is converted / exits (null without exits).
   */
  conversion: z.array(
    z.object({ from_status_id: z.number().int(), to_status_id: z.number().int(), exits: count, converted: count, rate: z.number().nullable() }),
  ),
  /**
   * For each status: the median time a lead stayed in it, over the stays that ended in the period (a status change
   * from it); `stays` is how many. Statuses with no finished stay have `median_seconds` null.
   */
  time_in_status: z.array(z.object({ status_id: z.number().int(), median_seconds: z.number().nullable(), stays: count })),
  /** The period's new leads per responsible user (a lead with two counts for both), most first. */
  by_user: z.array(z.object({ user_id: z.number().int(), name: z.string(), count })),
  /** Open tasks due before now per assignee, among the tasks the viewer sees, most first. */
  overdue_tasks: z.array(z.object({ user_id: z.number().int(), name: z.string(), count })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
