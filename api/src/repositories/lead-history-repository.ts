import { asc, desc, eq, inArray } from 'drizzle-orm';
import { isLeadHistoryField, type LeadHistory } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { deletedLeadStatuses } from '../db/schema/deleted-lead-statuses';
import { leadHistory } from '../db/schema/lead-history';
import { users } from '../db/schema/users';
import type { LeadScopeHelper, LeadViewer } from './lead-scope';

export function createLeadHistoryRepository(db: Database, scope: LeadScopeHelper) {
  return {
    /**
     * Newest first, with the deleted statuses the entries name (by their last name, docs/decisions/068); 404 when the
     * lead is out of the viewer's scope.
     */
    async list(leadId: number, viewer: LeadViewer): Promise<LeadHistory> {
      await scope.findVisible(leadId, viewer);
      const rows = await db
        .select({
          id: leadHistory.id,
          action: leadHistory.action,
          changes: leadHistory.changes,
          createdAt: leadHistory.createdAt,
          user: { id: users.id, first_name: users.firstName, name: users.name },
        })
        .from(leadHistory)
        .leftJoin(users, eq(users.id, leadHistory.userId))
        .where(eq(leadHistory.leadId, leadId))
        .orderBy(desc(leadHistory.createdAt), desc(leadHistory.id));
      const data = rows.map((r) => ({
        id: r.id,
        action: r.action,
        user: r.user && r.user.id !== null ? r.user : null,
        // Rows written before internal fields were left out (a comment's id) still hold them; never show them.
        changes: r.changes ? Object.fromEntries(Object.entries(r.changes).filter(([field]) => isLeadHistoryField(field))) : null,
        created_at: r.createdAt.toISOString(),
      }));
      const statusIds = new Set<number>();
      for (const { changes } of data) {
        for (const value of [changes?.status_id?.from, changes?.status_id?.to]) if (typeof value === 'number') statusIds.add(value);
      }
      const deleted =
        statusIds.size === 0
          ? []
          : await db
              .select({ id: deletedLeadStatuses.id, name: deletedLeadStatuses.name })
              .from(deletedLeadStatuses)
              .where(inArray(deletedLeadStatuses.id, [...statusIds]))
              .orderBy(asc(deletedLeadStatuses.id));
      return { data, deleted_statuses: deleted };
    },
  };
}

export type LeadHistoryRepository = ReturnType<typeof createLeadHistoryRepository>;
