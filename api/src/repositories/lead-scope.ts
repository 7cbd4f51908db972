import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LeadScope } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { leadUsers } from '../db/schema/lead-users';
import { leads } from '../db/schema/leads';
import { teamMembers } from '../db/schema/team-members';
import { notFound } from '../errors/app-error';

/** Who is asking: every lead query is limited to the leads the viewer's role scope allows. */
export interface LeadViewer {
  id: number;
  leadScope: LeadScope;
}

export type LeadRow = typeof leads.$inferSelect;

/** Out of scope and missing answer the same, so a caller cannot probe for leads they may not see. */
export const leadNotFound = () => notFound('Лид не найден');

/** Leads some of `userIds` are responsible for. */
export function assignedTo(db: Database, userIds: number[] | number): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(leadUsers)
      .where(and(eq(leadUsers.leadId, leads.id), Array.isArray(userIds) ? inArray(leadUsers.userId, userIds) : eq(leadUsers.userId, userIds))),
  );
}

/**
 * The leads created by or assigned to one of `userIds`: the rule of the own and team scopes (`undefined`: every lead).
 * The list's count takes the two halves apart (lead-count.ts), so both must stay this OR.
 */
export function scopeCondition(db: Database, userIds: number[] | undefined): SQL | undefined {
  if (userIds === undefined) return undefined;
  return userIds.length === 1
    ? or(eq(leads.createdBy, userIds[0]), assignedTo(db, userIds[0]))
    : or(inArray(leads.createdBy, userIds), assignedTo(db, userIds));
}

/**
 * The same leads as `scopeCondition`, as `id IN (created by them UNION ALL assigned to them)`. The OR form walks the
 * list's sort index and tests each row (cheap while the viewer's leads are a good share of the table: the page fills
 * within a few hundred rows); its row estimate is a guess (about half the table), so for a viewer with 100 leads of
 * 100,000 the planner still walks the whole index. This form makes the set first and sorts it: the list uses it when
 * the count has shown the matches are few (lead-query-repository.ts, decision 032).
 */
export function scopeCandidates(db: Database, userIds: number[]): SQL {
  return sql`${leads.id} in ${scopeLeadIds(db, userIds)}`;
}

/** The two halves of the own and team scopes' rule as id sets: leads created by `userIds`, leads assigned to them. */
function scopeHalves(db: Database, userIds: number[]): [SQL, SQL] {
  const creators = alias(leads, 'scope_leads');
  const single = userIds.length === 1 ? userIds[0] : undefined;
  const created = db
    .select({ id: creators.id })
    .from(creators)
    .where(single !== undefined ? eq(creators.createdBy, single) : inArray(creators.createdBy, userIds));
  const assigned = db
    .select({ id: leadUsers.leadId })
    .from(leadUsers)
    .where(single !== undefined ? eq(leadUsers.userId, single) : inArray(leadUsers.userId, userIds));
  return [sql`${created}`, sql`${assigned}`];
}

/** `scopeCandidates`' set of ids alone, `(select … union all select …)`. */
export function scopeLeadIds(db: Database, userIds: number[]): SQL {
  const [created, assigned] = scopeHalves(db, userIds);
  return sql`(${created} union all ${assigned})`;
}

/**
 * `leadId` (a column of a table keyed by lead, e.g. the dashboard's stays) among the leads of `userIds`, as
 * `(leadId in (created by them) or leadId in (assigned to them))`. PostgreSQL runs each half once into a hash table
 * (a "hashed SubPlan") and tests every row of the outer scan against both, so a table read by another index (the
 * stays of a period) is filtered in one pass. The `in (… union all …)` form instead guesses 200 distinct ids for the
 * union and probes the table once per id: 51,239 index probes for a team with half of 100,000 leads (decision 076).
 */
export function leadIdInScope(db: Database, leadId: SQL, userIds: number[]): SQL {
  const [created, assigned] = scopeHalves(db, userIds);
  return sql`(${leadId} in (${created}) or ${leadId} in (${assigned}))`;
}

/** The visibility rule (all | team | own) as SQL, and the one lookup every per-lead call goes through. */
export function createLeadScope(db: Database) {
  /** The viewer plus everyone sharing a team with them. */
  async function teammateIds(userId: number, tx: Database): Promise<number[]> {
    const mine = tx.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId));
    const rows = await tx.selectDistinct({ userId: teamMembers.userId }).from(teamMembers).where(inArray(teamMembers.teamId, mine));
    return [...new Set([userId, ...rows.map((r) => r.userId)])];
  }

  /**
   * Own: responsible or creator. Team: the same for any teammate. All: no condition. Inside a transaction pass `tx`:
   * PGlite has one connection, so a query on `db` there would wait for the transaction forever.
   */
  async function condition(viewer: LeadViewer, tx: Database = db): Promise<SQL | undefined> {
    return scopeCondition(db, await scopeUsers(viewer, tx));
  }

  /** Whose leads (created or assigned) the viewer sees: undefined for every lead, else the viewer or their teammates. */
  async function scopeUsers(viewer: LeadViewer, tx: Database = db): Promise<number[] | undefined> {
    switch (viewer.leadScope) {
      case 'all':
        return undefined;
      case 'own':
        return [viewer.id];
      case 'team':
        return teammateIds(viewer.id, tx);
    }
  }

  /** The members of a team (none for an unknown team). */
  async function teamUsers(teamId: number, tx: Database = db): Promise<number[]> {
    const rows = await tx.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
    return rows.map((r) => r.userId);
  }

  /**
   * A team filter (the dashboard's, and the list it opens; docs/decisions/076): the leads a member created or is
   * responsible for, the team scope's rule for that team. A team without members keeps no lead.
   */
  async function teamCondition(teamId: number, tx: Database = db): Promise<SQL> {
    const members = await teamUsers(teamId, tx);
    return members.length === 0 ? sql`false` : scopeCondition(db, members)!;
  }

  return {
    condition,
    scopeUsers,
    teamUsers,
    teamCondition,

    /**
     * The lead if the viewer may see it, else 404. Inside a transaction pass `tx`: the row is then locked until it
     * ends, so the change that follows works on what was checked.
     */
    async findVisible(id: number, viewer: LeadViewer, tx: Database = db, { lock = false } = {}): Promise<LeadRow> {
      const query = tx
        .select()
        .from(leads)
        .where(and(eq(leads.id, id), await condition(viewer, tx)))
        .limit(1);
      const [row] = lock ? await query.for('update', { of: leads }) : await query;
      if (!row) throw leadNotFound();
      return row;
    },

    /** Which of `ids` the viewer may see (bulk actions skip the rest). */
    async visibleRows(ids: number[], viewer: LeadViewer, tx: Database = db): Promise<LeadRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(leads)
        .where(and(inArray(leads.id, ids), await condition(viewer, tx)))
        .orderBy(leads.id)
        .for('update', { of: leads });
    },
  };
}

export type LeadScopeHelper = ReturnType<typeof createLeadScope>;
