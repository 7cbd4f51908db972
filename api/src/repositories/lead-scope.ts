import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
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
    switch (viewer.leadScope) {
      case 'all':
        return undefined;
      case 'own':
        return or(eq(leads.createdBy, viewer.id), assignedTo(db, viewer.id));
      case 'team': {
        const ids = await teammateIds(viewer.id, tx);
        return or(inArray(leads.createdBy, ids), assignedTo(db, ids));
      }
    }
  }

  return {
    condition,

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
