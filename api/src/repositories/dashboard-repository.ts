import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { type Dashboard, NO_STATUS_LABEL } from '@crm/shared/schemas';
import { type Database, queryRows } from '../db/client';
import { leadStatusStays } from '../db/schema/lead-status-stays';
import { leadStatuses } from '../db/schema/lead-statuses';
import { leads } from '../db/schema/leads';
import { tasks } from '../db/schema/tasks';
import { teamMembers } from '../db/schema/team-members';
import { teams } from '../db/schema/teams';
import { users } from '../db/schema/users';
import { createLeadScope, type LeadViewer, leadIdInScope, scopeCondition } from './lead-scope';
import { tasksVisibleTo } from './task/task-visibility';

/** The period and filter of one dashboard, already checked by the route. */
export interface DashboardFilter {
  /** First and last day, both included, `YYYY-MM-DD`, cut in `timeZone`. */
  from: string;
  to: string;
  timeZone: string;
  teamId: number | undefined;
}

type Figures = Omit<Dashboard, 'from' | 'to' | 'tz' | 'team_id' | 'teams'>;
type Team = Dashboard['teams'][number];

const NO_STATUS_COLOR = '#A8AAAE';

/** The days from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The dashboard's figures (docs/decisions/076), each within the viewer's lead scope exactly as the list applies it
 * (`scopeCondition`) and, with a team, limited to the leads a member of it created or is responsible for (the team
 * scope's rule, for that team). Every figure is one statement; on PostgreSQL they run side by side on the pool.
 */
export function createDashboardRepository(db: Database) {
  const scope = createLeadScope(db);

  /** The teams the viewer may filter by: every team for the all scope, the teams they belong to otherwise. */
  async function pickableTeams(viewer: LeadViewer): Promise<Team[]> {
    const mine = db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, viewer.id));
    return db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(viewer.leadScope === 'all' ? undefined : inArray(teams.id, mine))
      .orderBy(asc(teams.name), asc(teams.id));
  }

  async function figures(viewer: LeadViewer, filter: DashboardFilter): Promise<Figures> {
    const { timeZone: tz } = filter;
    const [scopeUsers, members] = await Promise.all([scope.scopeUsers(viewer), filter.teamId === undefined ? undefined : scope.teamUsers(filter.teamId)]);
    // The team filter is the list's (lead-scope.ts teamCondition), written from the members already read.
    const team = members === undefined ? undefined : members.length === 0 ? sql`false` : scopeCondition(db, members);
    const start = sql`(${filter.from}::date)::timestamp at time zone ${tz}`;
    const end = sql`((${filter.to}::date) + 1)::timestamp at time zone ${tz}`;
    // Whose leads: the viewer's scope, then the team (a team without members has no leads).
    const leadsSeen = and(scopeCondition(db, scopeUsers), team);
    const createdInPeriod = and(sql`${leads.createdAt} >= ${start}`, sql`${leads.createdAt} < ${end}`, leadsSeen);
    const cohort = sql`select ${leads.id} as id, ${leads.statusId} as status_id, ${leads.createdAt} as created_at from ${leads} where ${createdInPeriod}`;
    // The same leads for a table keyed by lead (the stays): each stay of the period tested against the two id sets.
    const inIds = (userIds: number[]) => (userIds.length === 0 ? sql`false` : leadIdInScope(db, sql`x.lead_id`, userIds));
    const staysSeen = and(scopeUsers === undefined ? undefined : inIds(scopeUsers), members === undefined ? undefined : inIds(members));
    const days = daysOf(filter.from, filter.to);

    const statusesQuery = db
      .select({ id: leadStatuses.id, name: leadStatuses.name, color: leadStatuses.color })
      .from(leadStatuses)
      .orderBy(asc(leadStatuses.position), asc(leadStatuses.id));

    // New leads per day and per status in one pass: each lead's day is found among the days' starts (width_bucket's
    // binary search, 1 for the first day) instead of converting every lead's time to the zone.
    const perDayAndStatus = queryRows<{ day: number; status_id: number | null; count: number | string }>(
      db,
      sql`select width_bucket(c.created_at, array(
                   select ((${filter.from}::date) + i)::timestamp at time zone ${tz} from generate_series(0, ${days.length - 1}) i
                 )) as day, c.status_id, count(*) as count
          from (${cohort}) c group by 1, 2`,
    );
    const perUser = queryRows<{ user_id: number; name: string; count: number | string }>(
      db,
      sql`select lu.user_id, u.name, count(*) as count
          from (${cohort}) c join lead_users lu on lu.lead_id = c.id join users u on u.id = lu.user_id
          group by lu.user_id, u.name order by count(*) desc, u.name, lu.user_id`,
    );
    const statuses = await statusesQuery;
    const pairs = statuses.slice(1).map((to, i) => ({ from: statuses[i].id, to: to.id }));
    const nextOf = pairs.length === 0 ? sql`select null::int as from_id, null::int as to_id where false` : sql`values ${sql.join(
      pairs.map((p) => sql`(${p.from}::int, ${p.to}::int)`),
      sql`, `,
    )}`;
    // The stays that ended in the period (the summary kept by migration 0023's triggers from the history): each change
    // of status ends one, which began at the lead's change before or at its creation. The same rows give the
    // conversion: of the exits from a status, how many went straight to the next one. Per status an index range.
    const stays =
      statuses.length === 0
        ? Promise.resolve([])
        : queryRows<{ status_id: number; median_seconds: number | string | null; stays: number | string; converted: number | string }>(
            db,
            sql`select x.status_id,
                       percentile_cont(0.5) within group (order by x.seconds) as median_seconds,
                       count(*) as stays,
                       count(*) filter (where x.next_status_id = n.to_id) as converted
                from ${leadStatusStays} x
                left join (${nextOf}) n(from_id, to_id) on n.from_id = x.status_id
                where x.status_id in ${statuses.map((st) => st.id)} and x.left_at >= ${start} and x.left_at < ${end}
                  and ${staysSeen ?? sql`true`}
                group by x.status_id`,
          );
    const overdue = overdueTasks(viewer, scopeUsers, members);

    const [dayStatusRows, byUser, stayRows, overdueRows] = await Promise.all([perDayAndStatus, perUser, stays, overdue]);

    const perDay = new Map<number, number>();
    const statusCount = new Map<number | null, number>();
    for (const row of dayStatusRows) {
      perDay.set(Number(row.day), (perDay.get(Number(row.day)) ?? 0) + Number(row.count));
      statusCount.set(row.status_id, (statusCount.get(row.status_id) ?? 0) + Number(row.count));
    }
    const byStatus = [...statusCount].map(([status_id, count]) => ({ status_id, count }));
    const known = new Set(statuses.map((s) => s.id));
    // Leads whose status was deleted cannot exist (the delete moves them), so any count not in the list is "no status".
    const withoutStatus = byStatus.filter((s) => s.status_id === null || !known.has(s.status_id)).reduce((sum, s) => sum + s.count, 0);
    const stayOf = new Map(stayRows.map((s) => [s.status_id, s]));

    return {
      total_new: byStatus.reduce((sum, s) => sum + s.count, 0),
      new_leads: days.map((date, i) => ({ date, count: perDay.get(i + 1) ?? 0 })),
      funnel: [
        ...(withoutStatus > 0 ? [{ status_id: null, name: NO_STATUS_LABEL, color: NO_STATUS_COLOR, count: withoutStatus }] : []),
        ...statuses.map((s) => ({ status_id: s.id, name: s.name, color: s.color, count: statusCount.get(s.id) ?? 0 })),
      ],
      conversion: pairs.map((p) => {
        const row = stayOf.get(p.from);
        const exits = Number(row?.stays ?? 0);
        const converted = Number(row?.converted ?? 0);
        return { from_status_id: p.from, to_status_id: p.to, exits, converted, rate: exits === 0 ? null : converted / exits };
      }),
      time_in_status: statuses.map((s) => {
        const row = stayOf.get(s.id);
        return { status_id: s.id, median_seconds: row?.median_seconds == null ? null : Math.round(Number(row.median_seconds)), stays: Number(row?.stays ?? 0) };
      }),
      by_user: byUser.map((u) => ({ user_id: u.user_id, name: u.name, count: Number(u.count) })),
      overdue_tasks: overdueRows,
    };
  }

  /**
   * Open tasks due before now per assignee, among the tasks the viewer sees (task/task-visibility.ts: the tasks of
   * leads in their scope and their own standalone ones); with a team, the tasks assigned to its members.
   */
  async function overdueTasks(viewer: LeadViewer, scopeUsers: number[] | undefined, members: number[] | undefined): Promise<Figures['overdue_tasks']> {
    const visible = tasksVisibleTo(db, viewer.id, scopeUsers);
    const count = sql<number>`count(*)`.mapWith(Number);
    return db
      .select({ user_id: tasks.assigneeId, name: users.name, count })
      .from(tasks)
      .innerJoin(users, eq(users.id, tasks.assigneeId))
      .where(
        and(
          isNull(tasks.doneAt),
          lt(tasks.dueAt, sql`now()`),
          members === undefined ? undefined : members.length === 0 ? sql`false` : inArray(tasks.assigneeId, members),
          visible,
        ),
      )
      .groupBy(tasks.assigneeId, users.name)
      .orderBy(desc(count), asc(users.name), asc(tasks.assigneeId));
  }

  return { pickableTeams, figures };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
