import { and, eq, exists, gte, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { type LeadStatusFilter, NO_STATUS } from '@crm/shared/schemas';
import type { Database } from '../../db/client';
import { leadFavorites } from '../../db/schema/lead-favorites';
import { leads } from '../../db/schema/leads';
import { tasks } from '../../db/schema/tasks';
import { phoneSearchVariants } from '../../lib/phone';
import { assignedTo, type LeadScopeHelper, type LeadViewer, scopeCandidates, scopeCondition } from '../lead-scope';

/** The list's filters; CSV export takes the same ones. */
export interface LeadListFilters {
  search?: string;
  /** A status, or NO_STATUS for the leads without one. */
  statusId?: LeadStatusFilter;
  userId?: number;
  favoriteOnly: boolean;
  /** Created by or assigned to a member of this team (the dashboard's team filter, docs/decisions/076). */
  teamId?: number;
  /** Whole days `YYYY-MM-DD`, inclusive, read in `timeZone` (docs/decisions/076, 077). */
  createdFrom?: string;
  createdTo?: string;
  updatedFrom?: string;
  updatedTo?: string;
  /** The IANA zone of the date ranges' days; required when one is given. */
  timeZone?: string;
  /** No update, comment or history entry for this many days. */
  inactiveDays?: number;
  /** Leads nobody is responsible for. */
  noUser?: boolean;
  /** Leads with an open task due before now. */
  overdueTasks?: boolean;
}

/** The moment a day starts in a zone, computed by PostgreSQL (which knows the zone's rules on that day). */
const dayStart = (day: string, timeZone: string, plusDays = 0): SQL =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;

/** `column` within the inclusive day range (either end optional); each end is an index range on `(column, id)`. */
function dayRange(column: typeof leads.createdAt | typeof leads.updatedAt, from: string | undefined, to: string | undefined, timeZone: string | undefined): SQL | undefined {
  if (from === undefined && to === undefined) return undefined;
  const zone = timeZone ?? 'UTC';
  return and(from !== undefined ? gte(column, dayStart(from, zone)) : undefined, to !== undefined ? lt(column, dayStart(to, zone, 1)) : undefined);
}

/**
 * No activity since `days` ago: the lead's row unchanged, and no comment or history entry written since. The latest of
 * the three is `last_activity_at`, kept on the row by PostgreSQL (migration 0024), so this is a range of
 * `leads_last_activity_at_id_idx`.
 */
function inactiveFor(days: number): SQL {
  return lt(leads.lastActivityAt, sql`now() - make_interval(days => ${days}::int)`);
}

/**
 * Leads without a responsible user: `has_responsible_user`, kept by PostgreSQL from `lead_users` (migration 0024); the
 * few such leads are the partial index `leads_unassigned_created_at_id_idx`, whose predicate this is word for word.
 */
const withoutUser = (): SQL => sql`not ${leads.hasResponsibleUser}`;

/** Leads with an open task whose due time has passed (a probe of `tasks_lead_id_idx`: a lead has few tasks). */
const withOverdueTask = (db: Database): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(tasks)
      .where(and(eq(tasks.leadId, leads.id), isNull(tasks.doneAt), lt(tasks.dueAt, sql`now()`))),
  );

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (value: string) => like(leads.searchText, `%${escapeLike(value)}%`);
const PHONE_ONLY = /^[\d\s()+\-.]+$/;

/**
 * Search terms: a query made only of phone characters is one phone number ('+7 (912) 345' → 7912345);
 * otherwise every word must match a name part or, when it has digits only, the phone digits.
 */
function searchCondition(search: string): SQL | undefined {
  const text = search.trim().toLowerCase();
  if (text === '') return undefined;
  const phoneCondition = (fragment: string) => or(...phoneSearchVariants(fragment).map(contains));
  if (PHONE_ONLY.test(text) && /\d/.test(text)) return phoneCondition(text);
  const words = text.split(/\s+/).map((word) => (PHONE_ONLY.test(word) && /\d/.test(word) ? phoneCondition(word) : contains(word)));
  return and(...words);
}

/**
 * The list's conditions taken apart, for the count (lead-count.ts) to start from the smallest set it can: whose leads
 * the viewer may see, the conditions on the lead's own row (search, status, created days), and the responsible-user and favourites
 * filters, which live in their own tables.
 */
export interface LeadFilterParts {
  /** Leads created by or assigned to one of these users (own and team scopes); undefined: every lead. */
  scopeUsers: number[] | undefined;
  /** Search, status, the date ranges, inactivity, no user and overdue tasks: conditions on (or probed from) the `leads` row. */
  row: SQL | undefined;
  /** Leads this user is responsible for (the user filter). */
  userId: number | undefined;
  /** Leads this user starred (the favourites filter: the viewer). */
  favoriteOf: number | undefined;
  /**
   * "Without responsible user": usually no lead or few match, and their count is a scan of a small partial index. The
   * list counts first then, and skips the page when the count leaves it empty (lead-query-repository.ts): one
   * statement instead of two.
   */
  countFirst: boolean;
}

/** Leads `userId` starred. */
export const starredBy = (db: Database, userId: number): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(leadFavorites)
      .where(and(eq(leadFavorites.leadId, leads.id), eq(leadFavorites.userId, userId))),
  );

export async function leadFilterParts(
  db: Database,
  scope: LeadScopeHelper,
  filters: LeadListFilters,
  viewer: LeadViewer,
): Promise<LeadFilterParts> {
  return {
    scopeUsers: await scope.scopeUsers(viewer),
    row: and(
      filters.teamId === undefined ? undefined : await scope.teamCondition(filters.teamId),
      filters.search ? searchCondition(filters.search) : undefined,
      filters.statusId === NO_STATUS
        ? isNull(leads.statusId)
        : filters.statusId !== undefined
          ? eq(leads.statusId, filters.statusId)
          : undefined,
      dayRange(leads.createdAt, filters.createdFrom, filters.createdTo, filters.timeZone),
      dayRange(leads.updatedAt, filters.updatedFrom, filters.updatedTo, filters.timeZone),
      filters.inactiveDays !== undefined ? inactiveFor(filters.inactiveDays) : undefined,
      filters.noUser ? withoutUser() : undefined,
      filters.overdueTasks ? withOverdueTask(db) : undefined,

    ),
    userId: filters.userId,
    favoriteOf: filters.favoriteOnly ? viewer.id : undefined,
    countFirst: filters.noUser === true,
  };
}

/**
 * The parts as one WHERE on `leads`. `scopeAs: 'candidates'` writes the scope as a set of ids (`scopeCandidates`),
 * for a list whose count showed few matches.
 */
export function leadPartsCondition(db: Database, parts: LeadFilterParts, { scopeAs = 'or' }: { scopeAs?: 'or' | 'candidates' } = {}): SQL | undefined {
  return and(
    scopeAs === 'candidates' && parts.scopeUsers !== undefined ? scopeCandidates(db, parts.scopeUsers) : scopeCondition(db, parts.scopeUsers),
    parts.row,
    parts.userId !== undefined ? assignedTo(db, parts.userId) : undefined,
    parts.favoriteOf !== undefined ? starredBy(db, parts.favoriteOf) : undefined,
  );
}

/** The WHERE of the list and of the export: the viewer's scope and the chosen filters. */
export async function leadFilterCondition(
  db: Database,
  scope: LeadScopeHelper,
  filters: LeadListFilters,
  viewer: LeadViewer,
): Promise<SQL | undefined> {
  return leadPartsCondition(db, await leadFilterParts(db, scope, filters, viewer));
}
