import { and, eq, inArray, isNull, not, notExists, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { leadFavorites } from '../../db/schema/lead-favorites';
import { leadUsers } from '../../db/schema/lead-users';
import { leads } from '../../db/schema/leads';
import { assignedTo, scopeCondition } from '../lead-scope';
import { type LeadFilterParts, starredBy } from './lead-list-filters';

/**
 * How many leads match `parts`, counting at most `limit + 1` (decisions 009 and 032): a capped count walks at most that
 * many rows, so what matters is which rows it walks. One statement, shaped by the filters:
 *
 * - a **user** or **favourites** filter: the count starts from that user's rows of `lead_users` / `lead_favorites`
 *   (an index-only scan of `(user_id, lead_id)`; the primary key `(lead_id, user_id)` makes it one row per lead) and
 *   joins `leads` only when another condition needs the lead's row. Counted the other way round, through an EXISTS
 *   per lead, the planner walks `leads` (a merge join along the whole primary key, or a hash join over a seq scan);
 * - an **own or team scope** without those filters: `created_by = me OR assigned to me` has no index path (the planner
 *   walks `leads` and probes a hashed subplan per row, ~50,000 rows to find 10,001), so it is counted as two disjoint
 *   halves, "created by me" (the `(created_by, id)` index) plus "assigned to me and not created by me" (an anti-join
 *   of two index-only scans), each capped; the second is skipped when the first alone passes the cap;
 * - otherwise the conditions on `leads` itself, as before.
 */
export async function countLeadsUpTo(db: Database, parts: LeadFilterParts, limit: number): Promise<number> {
  const capped: Capped = (query) => sql`(select count(*) from (${query.limit(limit + 1)}) capped)`;
  const [row] = await queryRows<{ total: number | string }>(db, sql`select ${countExpression(db, parts, capped, limit)} as total`);
  return Number(row.total);
}

type Capped = (query: { limit: (n: number) => SQLWrapper }) => SQL;

function countExpression(db: Database, parts: LeadFilterParts, capped: Capped, limit: number): SQL {
  const { scopeUsers, row, userId, favoriteOf } = parts;
  const one = { one: sql`1` };

  // Start from the join table of a user or favourites filter.
  const driver = userId !== undefined ? { table: leadUsers, user: userId } : favoriteOf !== undefined ? { table: leadFavorites, user: favoriteOf } : undefined;
  if (driver) {
    const rest = and(
      scopeCondition(db, scopeUsers),
      row,
      userId !== undefined && favoriteOf !== undefined ? starredBy(db, favoriteOf) : undefined,
    );
    const own = eq(driver.table.userId, driver.user);
    if (!rest) return capped(db.select(one).from(driver.table).where(own));
    return capped(db.select(one).from(driver.table).innerJoin(leads, eq(leads.id, driver.table.leadId)).where(and(own, rest)));
  }

  // Own or team scope: created by one of them, plus assigned to one of them and created by someone else.
  if (scopeUsers !== undefined) {
    const single = scopeUsers.length === 1 ? scopeUsers[0] : undefined;
    const createdByThem = single !== undefined ? eq(leads.createdBy, single) : inArray(leads.createdBy, scopeUsers);
    const created = capped(db.select(one).from(leads).where(and(createdByThem, row)));
    let assigned: SQL;
    if (single !== undefined && !row) {
      // lead_users rows never outlive their lead (ON DELETE CASCADE), so the lead's row is needed only for created_by.
      const createdBySame = db
        .select(one)
        .from(leads)
        .where(and(eq(leads.id, leadUsers.leadId), eq(leads.createdBy, single)));
      assigned = capped(db.select(one).from(leadUsers).where(and(eq(leadUsers.userId, single), notExists(createdBySame))));
    } else {
      const notCreatedByThem = or(isNull(leads.createdBy), not(createdByThem));
      assigned = capped(db.select(one).from(leads).where(and(assignedTo(db, scopeUsers), notCreatedByThem, row)));
    }
    // Past the cap the total is the cap whatever the assigned half holds: PostgreSQL runs an uncorrelated subquery
    // (an InitPlan) only when it is first read, so the assigned half is counted only when the created one is below it.
    // OFFSET 0 keeps `halves` a subquery, so the created half is counted once, not once per mention.
    return sql`(select case when halves.created > ${limit} then halves.created else halves.created + ${assigned} end from (select ${created} as created offset 0) halves)`;
  }

  return capped(db.select(one).from(leads).where(row));
}
