import { asc, count, eq, max, sql } from 'drizzle-orm';
import type { CreateLeadStatusInput, LeadStatus, UpdateLeadStatusInput } from '@crm/shared/schemas';
import { type Database, queryRows } from '../db/client';
import { deletedLeadStatuses } from '../db/schema/deleted-lead-statuses';
import { leadHistory } from '../db/schema/lead-history';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode } from '../db/errors';
import { leadStatuses } from '../db/schema/lead-statuses';
import { leads } from '../db/schema/leads';
import { AppError, notFound, validationFailed } from '../errors/app-error';

const columns = { id: leadStatuses.id, name: leadStatuses.name, color: leadStatuses.color, position: leadStatuses.position };

const statusInUse = () =>
  new AppError('STATUS_IN_USE', 'Статус назначен лидам, поэтому его нельзя удалить. Выберите статус, на который их перевести.');

/** What a deletion removed, and where its leads went. */
export interface LeadStatusDeletion {
  status: LeadStatus;
  moved: number;
  replacement?: { id: number; name: string };
}

/** Deletes the status and keeps its last name, in one statement; undefined when there was no such status. */
async function remove(db: Database, id: number): Promise<LeadStatus | undefined> {
  const [status] = await queryRows<LeadStatus>(
    db,
    sql`with gone as (delete from ${leadStatuses} where id = ${id} returning id, name, color, position),
        kept as (
          insert into ${deletedLeadStatuses} (id, name) select id, name from gone
          on conflict (id) do update set name = excluded.name, deleted_at = now()
        )
      select id, name, color, position from gone`,
  );
  return status;
}

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

    /** Rename or recolour; a field left out keeps its value. */
    async update(id: number, input: UpdateLeadStatusInput): Promise<LeadStatus> {
      const changes = Object.fromEntries(Object.entries({ name: input.name, color: input.color }).filter(([, v]) => v !== undefined));
      const [updated] =
        Object.keys(changes).length > 0
          ? await db.update(leadStatuses).set(changes).where(eq(leadStatuses.id, id)).returning(columns)
          : await db.select(columns).from(leadStatuses).where(eq(leadStatuses.id, id));
      if (!updated) throw notFound('Lead status not found');
      return updated;
    },

    /** `ids` must name every status exactly once; positions become 1…n in that order. */
    async reorder(ids: number[]): Promise<LeadStatus[]> {
      return db.transaction(async (tx) => {
        const existing = await tx.select({ id: leadStatuses.id }).from(leadStatuses).for('update');
        const known = new Set(existing.map((s) => s.id));
        if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
          throw validationFailed({ ids: ['Укажите каждый статус ровно один раз'] });
        }
        await tx.execute(
          sql`update ${leadStatuses} set position = o.position
            from unnest(${sql.param(ids)}::int[]) with ordinality as o(id, position) where ${leadStatuses.id} = o.id`,
        );
        return tx.select(columns).from(leadStatuses).orderBy(asc(leadStatuses.position), asc(leadStatuses.id));
      });
    },

    /**
     * Without a replacement, refuses while leads use the status (the foreign key catches a lead assigned between
     * check and delete). With one, moves those leads to it first (a new version each, so open forms see the change)
     * and writes a status change into each moved lead's history, in one INSERT … SELECT however many leads move; the
     * status's last name is kept in `deleted_lead_statuses` for history to show (docs/decisions/068). Run it in the
     * caller's transaction: the move, the history and the delete commit together.
     */
    async delete(id: number, replacementId: number | undefined, actorId: number | null): Promise<LeadStatusDeletion> {
      if (replacementId !== undefined) {
        if (replacementId === id) throw validationFailed({ replacement_id: ['Выберите другой статус'] });
        return db.transaction(async (tx) => {
          const [found] = await tx.select(columns).from(leadStatuses).where(eq(leadStatuses.id, id)).for('update');
          if (!found) throw notFound('Lead status not found');
          const [replacement] = await tx.select({ id: leadStatuses.id, name: leadStatuses.name }).from(leadStatuses).where(eq(leadStatuses.id, replacementId));
          if (!replacement) throw validationFailed({ replacement_id: ['Статус не найден'] });
          const changes = { status_id: { from: id, to: replacementId } };
          const [{ moved }] = await queryRows<{ moved: number }>(
            tx,
            sql`with moved as (
                update ${leads} set status_id = ${replacementId}, version = version + 1, updated_at = now(), updated_by = ${actorId}
                where status_id = ${id} returning id
              ), written as (
                insert into ${leadHistory} (lead_id, user_id, action, changes)
                select moved.id, ${actorId}::int, 'status_changed', ${JSON.stringify(changes)}::jsonb from moved
              )
              select count(*)::int as moved from moved`,
          );
          await remove(tx, id);
          return { status: found, moved: Number(moved), replacement };
        });
      }
      const [{ used }] = await db.select({ used: count() }).from(leads).where(eq(leads.statusId, id));
      if (used > 0) throw statusInUse();
      try {
        const status = await remove(db, id);
        if (!status) throw notFound('Lead status not found');
        return { status, moved: 0 };
      } catch (error) {
        if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) throw statusInUse();
        throw error;
      }
    },

  };
}

export type LeadStatusRepository = ReturnType<typeof createLeadStatusRepository>;
