import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { leadStatuses } from '../db/schema/lead-statuses';
import { leadUsers } from '../db/schema/lead-users';
import { leads } from '../db/schema/leads';
import { users } from '../db/schema/users';
import { leadFilterCondition, type LeadListFilters } from './lead/lead-list-filters';
import { LEAD_BATCH } from './lead/lead-rows';
import { createLeadScope, type LeadScopeHelper, type LeadViewer } from './lead-scope';

/** A lead as the CSV export writes it. */
export interface LeadExportRow {
  id: number;
  surname: string;
  firstname: string;
  patronymic: string;
  phone: string;
  status: string;
  /** Responsible users' e-mails. */
  users: string[];
  additional_info: string;
  created_at: string;
}

/** The CSV export's reads: the list's filters, a batch at a time. */
export function createLeadExportRepository(db: Database, options: { scope?: LeadScopeHelper } = {}) {
  const scope = options.scope ?? createLeadScope(db);

  return {
    /**
     * The leads matching the list filters, in id order, a batch at a time (keyset on id), so an export of 100,000
     * leads never holds more than one batch in memory.
     */
    async *exportBatches(filters: LeadListFilters, viewer: LeadViewer, batchSize = LEAD_BATCH): AsyncGenerator<LeadExportRow[]> {
      const where = await leadFilterCondition(db, scope, filters, viewer);
      let lastId = 0;
      for (;;) {
        const rows = await db
          .select({ lead: leads, status: leadStatuses.name })
          .from(leads)
          .leftJoin(leadStatuses, eq(leadStatuses.id, leads.statusId))
          .where(and(where, gt(leads.id, lastId)))
          .orderBy(asc(leads.id))
          .limit(batchSize);
        if (rows.length === 0) return;
        lastId = rows[rows.length - 1].lead.id;
        const emails = await db
          .select({ leadId: leadUsers.leadId, email: users.email })
          .from(leadUsers)
          .innerJoin(users, eq(users.id, leadUsers.userId))
          .where(inArray(leadUsers.leadId, rows.map((r) => r.lead.id)))
          .orderBy(asc(users.email));
        const byLead = new Map<number, string[]>();
        for (const e of emails) byLead.set(e.leadId, [...(byLead.get(e.leadId) ?? []), e.email]);
        yield rows.map(({ lead, status }) => ({
          id: lead.id,
          surname: lead.surname,
          firstname: lead.firstname,
          patronymic: lead.patronymic,
          phone: lead.phone,
          status: status ?? '',
          users: byLead.get(lead.id) ?? [],
          additional_info: lead.additionalInfo,
          created_at: lead.createdAt.toISOString(),
        }));
        if (rows.length < batchSize) return;
      }
    },
  };
}

export type LeadExportRepository = ReturnType<typeof createLeadExportRepository>;
