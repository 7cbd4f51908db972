import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { LeadBulkResult, leadBulkInputSchema } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { leads } from '../db/schema/leads';
import { type NewHistoryEntry, recordHistory } from './lead/lead-history-entries';
import { requireStatus, requireUser } from './lead/lead-integrity';
import { responsibleIds, setLeadUsers, touched } from './lead/lead-rows';
import { createLeadScope, type LeadScopeHelper, type LeadViewer } from './lead-scope';

/** One action on many selected leads. */
export function createLeadBulkRepository(db: Database, options: { scope?: LeadScopeHelper } = {}) {
  const scope = options.scope ?? createLeadScope(db);

  return {
    /**
     * One action on many leads in one transaction. Leads the viewer may not see (or that do not exist) are skipped
     * with reason 'not_found', exactly as the single-lead calls would answer 404 for them.
     */
    async bulk(input: z.output<typeof leadBulkInputSchema>, viewer: LeadViewer): Promise<LeadBulkResult> {
      const ids = [...new Set(input.ids)];
      if (input.action === 'status') await requireStatus(db, input.status_id);
      if (input.action === 'assign') await requireUser(db, input.user_id, 'user_id');
      return db.transaction(async (tx) => {
        const rows = await scope.visibleRows(ids, viewer, tx);
        const visible = rows.map((r) => r.id);
        const seen = new Set(visible);
        const skipped = ids.filter((id) => !seen.has(id)).map((id) => ({ id, reason: 'not_found' }));
        if (visible.length === 0) return { affected: 0, skipped };

        let history: NewHistoryEntry[] = [];
        if (input.action === 'delete') {
          await tx.delete(leads).where(inArray(leads.id, visible));
        } else if (input.action === 'status') {
          const changed = rows.filter((r) => r.statusId !== input.status_id);
          if (changed.length > 0) {
            await tx
              .update(leads)
              .set({ statusId: input.status_id, ...touched(viewer.id) })
              .where(inArray(leads.id, changed.map((r) => r.id)));
          }
          history = changed.map((r) => ({
            leadId: r.id,
            userId: viewer.id,
            action: 'status_changed',
            changes: { status_id: { from: r.statusId, to: input.status_id } },
          }));
        } else {
          const before = await responsibleIds(tx, visible);
          await setLeadUsers(tx, visible, [input.user_id]);
          await tx.update(leads).set(touched(viewer.id)).where(inArray(leads.id, visible));
          history = visible.map((id) => ({
            leadId: id,
            userId: viewer.id,
            action: 'assigned',
            changes: { users: { from: before.get(id) ?? [], to: [input.user_id] } },
          }));
        }
        await recordHistory(tx, history);
        return { affected: visible.length, skipped };
      });
    },
  };
}

export type LeadBulkRepository = ReturnType<typeof createLeadBulkRepository>;
