import { asc, count, eq, max } from 'drizzle-orm';
import type { CreateLeadStatusInput, LeadStatus } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode } from '../db/errors';
import { leadStatuses } from '../db/schema/lead-statuses';
import { leads } from '../db/schema/leads';
import { AppError, notFound } from '../errors/app-error';

const columns = { id: leadStatuses.id, name: leadStatuses.name, color: leadStatuses.color, position: leadStatuses.position };

const statusInUse = () => new AppError('STATUS_IN_USE', 'Статус назначен лидам, поэтому его нельзя удалить.');

export function createLeadStatusRepository(db: Database) {
  return {
    list(): Promise<LeadStatus[]> {
      return db.select(columns).from(leadStatuses).orderBy(asc(leadStatuses.position), asc(leadStatuses.id));
    },

    /** New statuses go last. */
    async create(input: Required<CreateLeadStatusInput>): Promise<LeadStatus> {
      const [{ last }] = await db.select({ last: max(leadStatuses.position) }).from(leadStatuses);
      const [created] = await db
        .insert(leadStatuses)
        .values({ name: input.name, color: input.color, position: (last ?? 0) + 1 })
        .returning(columns);
      return created;
    },

    /** Refuses while leads use the status; the foreign key catches a lead assigned between check and delete. */
    async delete(id: number): Promise<void> {
      const [{ used }] = await db.select({ used: count() }).from(leads).where(eq(leads.statusId, id));
      if (used > 0) throw statusInUse();
      try {
        const deleted = await db.delete(leadStatuses).where(eq(leadStatuses.id, id)).returning({ id: leadStatuses.id });
        if (deleted.length === 0) throw notFound('Lead status not found');
      } catch (error) {
        if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) throw statusInUse();
        throw error;
      }
    },
  };
}

export type LeadStatusRepository = ReturnType<typeof createLeadStatusRepository>;
