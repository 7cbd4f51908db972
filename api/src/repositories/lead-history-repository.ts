import { desc, eq } from 'drizzle-orm';
import { isLeadHistoryField, type LeadHistoryEntry } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { leadHistory } from '../db/schema/lead-history';
import { users } from '../db/schema/users';
import type { LeadScopeHelper, LeadViewer } from './lead-scope';

export function createLeadHistoryRepository(db: Database, scope: LeadScopeHelper) {
  return {
    /** Newest first; 404 when the lead is out of the viewer's scope. */
    async list(leadId: number, viewer: LeadViewer): Promise<LeadHistoryEntry[]> {
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
      return rows.map((r) => ({
        id: r.id,
        action: r.action,
        user: r.user && r.user.id !== null ? r.user : null,
        // Rows written before internal fields were left out (a comment's id) still hold them; never show them.
        changes: r.changes ? Object.fromEntries(Object.entries(r.changes).filter(([field]) => isLeadHistoryField(field))) : null,
        created_at: r.createdAt.toISOString(),
      }));
    },
  };
}

export type LeadHistoryRepository = ReturnType<typeof createLeadHistoryRepository>;
