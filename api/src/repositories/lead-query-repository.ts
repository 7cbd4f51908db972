import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { type LeadDetail, type LeadListItem, PHONE_DUPLICATES_LIMIT, type PhoneDuplicate } from '@crm/shared/schemas';
import { type Database, queryRows } from '../db/client';
import { leadStatuses } from '../db/schema/lead-statuses';
import { leads } from '../db/schema/leads';
import { afterCursor, decodeLeadCursor, encodeLeadCursor } from './lead/lead-cursor';
import { isFavorite, loadLeadDetail, responsibleJson, statusColumns, toListItems } from './lead/lead-detail';
import { countLeadsUpTo } from './lead/lead-count';
import { type LeadFilterParts, leadFilterParts, type LeadListFilters, leadPartsCondition } from './lead/lead-list-filters';
import { createLeadScope, type LeadScopeHelper, type LeadViewer } from './lead-scope';

export interface LeadListParams extends LeadListFilters {
  page: number;
  perPage: number;
  /** `field` or `-field`, already validated against LEAD_SORT_FIELDS. */
  sort: string;
  /** Keyset paging: the rows after this (encoded) cursor, or before it; `page` then skips nothing. */
  after?: string;
  before?: string;
}

/** Totals never exceed this for a filtered list; see `countMatches`. */
export const DEFAULT_COUNT_CAP = 10_000;
/**
 * Above this many matches a filtered total is the planner's estimate; see `countMatches`. It equals the cap: an
 * estimate below the cap is a number users read as a count, and on PGlite (no autovacuum) its statistics go stale,
 * so a filtered list is counted exactly up to the cap, as decision 009 promises.
 */
export const DEFAULT_EXACT_COUNT_LIMIT = DEFAULT_COUNT_CAP;

/**
 * Below this many matches an own- or team-scoped page is built from the viewer's lead ids and sorted
 * (`scopeCandidates`); from it on, the page walks the sort index, which then fills a page within ~100,000 / this × 25
 * rows (decision 032).
 */
const SCOPE_CANDIDATES_BELOW = 2_000;

/** PostgreSQL's row estimate for `leads` (-1 while statistics are missing). */
const estimateQuery = sql`select reltuples::bigint as estimate from pg_class where oid = to_regclass('leads')`;

const sortColumns = {
  created_at: leads.createdAt,
  updated_at: leads.updatedAt,
  surname: leads.surname,
  phone: leads.phoneNormalized,
  status_id: leads.statusId,
} as const;

/** Reading leads: the searched, filtered, sorted and counted list, and one lead's detail. */
export function createLeadQueryRepository(
  db: Database,
  options: {
    countCap?: number;
    exactCountLimit?: number;
    scope?: LeadScopeHelper;
    /**
     * `driven` (default): the count starts from the smallest set the filters allow (lead-count.ts). `leads`: the count
     * walks `leads` under the list's whole WHERE, as before decision 032's second update; kept for the bench's
     * side-by-side (`bench:leads-list -- --compare`).
     */
    countFrom?: 'driven' | 'leads';
  } = {},
) {
  const countCap = options.countCap ?? DEFAULT_COUNT_CAP;
  const exactLimit = Math.min(options.exactCountLimit ?? DEFAULT_EXACT_COUNT_LIMIT, countCap);
  const scope = options.scope ?? createLeadScope(db);
  const countFrom = options.countFrom ?? 'driven';

  /**
   * Totals at scale (decisions 009 and 032). Counting is a walk over every match, so a count stops early: up to
   * `exactLimit` matches the total is exact (a capped count, see `countLeadsUpTo`). Past it, a filtered list reports
   * the cap, or, when `exactLimit` is below the cap, the planner's estimate of its matches kept between the two; the
   * unfiltered list reports PostgreSQL's reltuples estimate for `leads` (fresh after ANALYZE/autovacuum, and on
   * PGlite after `refreshLeadStatistics`), or one exact count while statistics are missing or the table is small.
   * `estimated` says whether the total is a count or an estimate.
   */
  async function countMatches(parts: LeadFilterParts, where: SQL | undefined): Promise<{ total: number; estimated: boolean }> {
    // Unfiltered: the estimate first, so a large table costs no counting at all.
    if (!where) {
      const estimate = await estimatedRows();
      if (estimate > countCap) return { total: estimate, estimated: true };
    }
    const total = countFrom === 'driven' ? await countLeadsUpTo(db, parts, exactLimit) : await countWhere(where);
    if (total <= exactLimit) return { total, estimated: false };
    if (where) {
      // At the cap an estimate could only say "the cap" (the previous code asked the planner all the same).
      if (exactLimit === countCap && countFrom === 'driven') return { total: countCap, estimated: true };
      return { total: Math.min(countCap, Math.max(exactLimit, await plannedRows(where))), estimated: true };
    }
    const estimate = await estimatedRows();
    if (estimate > countCap) return { total: estimate, estimated: true };
    const [{ exact }] = await db.select({ exact: count() }).from(leads);
    return { total: exact, estimated: false };
  }

  /** The capped count as it was: `leads` under the whole WHERE (`countFrom: 'leads'`). */
  async function countWhere(where: SQL | undefined): Promise<number> {
    const capped = db.select({ one: sql`1` }).from(leads).where(where).limit(exactLimit + 1).as('capped');
    const [{ total }] = await db.select({ total: count() }).from(capped);
    return total;
  }

  /** The planner's estimate of the leads matching `where` (EXPLAIN plans the query, it does not run it). */
  async function plannedRows(where: SQL): Promise<number> {
    const [row] = await queryRows<Record<string, unknown>>(db, sql`explain (format json) ${db.select({ one: sql`1` }).from(leads).where(where)}`);
    const raw = Object.values(row ?? {})[0];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
    return Math.round(plan[0].Plan['Plan Rows']);
  }

  /** PostgreSQL's row estimate for `leads` (-1 while statistics are missing). */
  async function estimatedRows(): Promise<number> {
    const [stats] = await queryRows<{ estimate: number | string }>(db, estimateQuery);
    return Number(stats?.estimate ?? -1);
  }

  /** An exact total that leaves the asked page empty: the page need not be read. */
  function pageIsEmpty(params: LeadListParams, counted: { total: number; estimated: boolean }): boolean {
    if (counted.estimated) return false;
    const keyset = params.after !== undefined || params.before !== undefined;
    return counted.total === 0 || (!keyset && (params.page - 1) * params.perPage >= counted.total);
  }

  /**
   * One page of the list, sorted by the chosen column and then by id so pages never overlap. With `before`, the scan
   * runs the other way from the cursor and the caller turns the rows back.
   */
  function pageQuery(params: LeadListParams, viewerId: number, filters: SQL | undefined, { withEstimate = false } = {}) {
    const field = params.sort.replace(/^-/, '') as keyof typeof sortColumns;
    const column = sortColumns[field];
    const backwards = params.before !== undefined;
    const scan = params.sort.startsWith('-') !== backwards ? 'desc' : 'asc';
    const direction = scan === 'desc' ? desc : asc;
    const cursorText = params.before ?? params.after;
    const cursor = cursorText === undefined ? undefined : decodeLeadCursor(cursorText, backwards ? 'before' : 'after', field);
    const where = cursor ? and(filters, afterCursor(field, column, scan, cursor)) : filters;
    // Deferred join: the skipped rows of a deep page are walked on the `(column, id)` index alone (an index-only scan
    // once the visibility map is set), and only the page's own rows are read whole and joined (decision 032).
    const pageIds = db
      .select({ id: leads.id })
      .from(leads)
      .where(where)
      .orderBy(direction(column), direction(leads.id))
      .limit(params.perPage)
      .offset(cursor ? 0 : (params.page - 1) * params.perPage)
      .as('page_ids');
    return db
      .select({
        lead: leads,
        status: statusColumns,
        isFavorite: isFavorite(viewerId),
        sortValue: sql<string | null>`${column}::text`,
        responsible: responsibleJson,
        // The unfiltered list's total, read in the page's own statement rather than in a second one (see `list`).
        estimate: withEstimate ? sql<number | string | null>`(${estimateQuery})` : sql<null>`null`,
      })
      .from(pageIds)
      .innerJoin(leads, eq(leads.id, pageIds.id))
      .leftJoin(leadStatuses, eq(leadStatuses.id, leads.statusId))
      .orderBy(direction(column), direction(leads.id));
  }

  return {
    /** One page, its total (and whether it is an estimate), and the cursors of its last and first rows (null when the page is empty). */
    async list(
      params: LeadListParams,
      viewer: LeadViewer,
    ): Promise<{
      data: LeadListItem[];
      total: number;
      estimated: boolean;
      /** A filtered total stopped at the cap: there are at least `total` matches ("more than N"), not about `total`. */
      capped: boolean;
      nextCursor: string | null;
      prevCursor: string | null;
    }> {
      const parts = await leadFilterParts(db, scope, params, viewer);
      const where = leadPartsCondition(db, parts);
      let scanned: Awaited<ReturnType<typeof pageQuery>>;
      let counted: { total: number; estimated: boolean };
      if (!where && countFrom === 'driven') {
        // Unfiltered: the page's statement carries the table's estimate, which is the total of a large table; only a
        // small table (or one without statistics, or a page past the end) is counted in a second statement.
        scanned = await pageQuery(params, viewer.id, where, { withEstimate: true });
        const estimate = scanned.length > 0 ? Number(scanned[0].estimate ?? -1) : -1;
        counted = estimate > countCap ? { total: estimate, estimated: true } : await countMatches(parts, where);
      } else if ((parts.scopeUsers !== undefined || parts.countFirst) && countFrom === 'driven') {
        // Own or team scope: the count comes first and picks the page's plan (see scopeCandidates). The same for
        // "without responsible user", whose page, when few leads match, walks the whole sort index: an exact total
        // that leaves the page empty saves that walk.
        counted = await countMatches(parts, where);
        const few = parts.scopeUsers !== undefined && counted.total < SCOPE_CANDIDATES_BELOW;
        scanned = pageIsEmpty(params, counted)
          ? []
          : await pageQuery(params, viewer.id, few ? leadPartsCondition(db, parts, { scopeAs: 'candidates' }) : where);
      } else {
        [scanned, counted] = await Promise.all([pageQuery(params, viewer.id, where), countMatches(parts, where)]);
      }
      const { total, estimated } = counted;
      const rows = params.before === undefined ? scanned : scanned.reverse();
      const cursorOf = (row: (typeof rows)[number] | undefined) => (row ? encodeLeadCursor({ value: row.sortValue, id: row.lead.id }) : null);
      const capped = estimated && where !== undefined && total >= countCap;
      return { data: toListItems(rows), total, estimated, capped, nextCursor: cursorOf(rows.at(-1)), prevCursor: cursorOf(rows[0]) };
    },


    /**
     * Leads the viewer can see whose normalised phone is `phoneNormalized` (as the import matches duplicates), oldest
     * first, at most PHONE_DUPLICATES_LIMIT, without `excludeId` (the lead being edited).
     */
    async phoneDuplicates(phoneNormalized: string, excludeId: number | undefined, viewer: LeadViewer): Promise<PhoneDuplicate[]> {
      return db
        .select({ id: leads.id, surname: leads.surname, firstname: leads.firstname, patronymic: leads.patronymic, phone: leads.phone })
        .from(leads)
        .where(
          and(
            eq(leads.phoneNormalized, phoneNormalized),
            excludeId === undefined ? undefined : ne(leads.id, excludeId),
            await scope.condition(viewer),
          ),
        )
        .orderBy(asc(leads.id))
        .limit(PHONE_DUPLICATES_LIMIT);
    },

    /** The lead with everything the page shows, in one statement with the scope check (404 out of scope). */
    async detail(id: number, viewer: LeadViewer): Promise<LeadDetail> {
      return loadLeadDetail(db, id, viewer.id, await scope.condition(viewer));
    },
  };
}

export type LeadQueryRepository = ReturnType<typeof createLeadQueryRepository>;
