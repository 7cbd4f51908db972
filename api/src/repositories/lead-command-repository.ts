import { and, eq, sql } from 'drizzle-orm';
import type { LeadDetail } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { leadFavorites } from '../db/schema/lead-favorites';
import { leadHistory } from '../db/schema/lead-history';
import { leads } from '../db/schema/leads';
import { storableJson } from '../db/storable-json';
import { validationFailed } from '../errors/app-error';
import { type LeadFields, type ParsedLeadInput, prepareLeadFields, VERSION_REQUIRED } from '../lib/lead-fields';
import { loadLeadDetail, savedDetail, toLeadDetail } from './lead/lead-detail';
import { diffFields, historyFields, recordHistory } from './lead/lead-history-entries';
import { requireStatus, requireUser, versionConflict, withReferences } from './lead/lead-integrity';
import { insertLeadUsers, responsibleIds, setLeadUsers, touched } from './lead/lead-rows';
import { createLeadScope, leadNotFound, type LeadScopeHelper, type LeadViewer } from './lead-scope';

/**
 * The input as stored, or 422. The routes have already answered every failing field at once (lead-input-checks.ts);
 * a status or user that disappears before the write is caught by `withReferences`.
 */
function storedFields(input: ParsedLeadInput): LeadFields {
  const { fields, errors } = prepareLeadFields(input);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return fields;
}

/** The `leads` columns a create and an update write from the form's fields. */
function leadColumns(fields: LeadFields) {
  const { surname, firstname, patronymic, phone, phoneNormalized, statusId, additionalInfo } = fields;
  return { surname, firstname, patronymic, phone, phoneNormalized, statusId, additionalInfo };
}

/** Changing one lead: create, update over a version, delete, status, hand-over, the caller's star. */
export function createLeadCommandRepository(db: Database, options: { scope?: LeadScopeHelper } = {}) {
  const scope = options.scope ?? createLeadScope(db);

  return {
    async create(input: ParsedLeadInput, actorId: number): Promise<LeadDetail> {
      const fields = storedFields(input);
      const id = await withReferences(db, fields.statusId, fields.users, () =>
        db.transaction(async (tx) => {
          const [{ id: leadId }] = await tx
            .insert(leads)
            .values({
              ...leadColumns(fields),
              createdBy: actorId,
              // Its users are inserted next; written here, the trigger keeping the flag updates nothing.
              hasResponsibleUser: fields.users.length > 0,
            })
            .returning({ id: leads.id });
          await insertLeadUsers(tx, fields.users.map((userId) => ({ leadId, userId })));
          await recordHistory(tx, [{ leadId, userId: actorId, action: 'created' }]);
          return leadId;
        }),
      );
      return loadLeadDetail(db, id, actorId);
    },

    /**
     * Saves the form over the version it was read at: one UPDATE … WHERE version = ? compares and increments, so of
     * two saves from the same version exactly one wins and the other gets 409 naming the winner.
     */
    async update(id: number, input: ParsedLeadInput, viewer: LeadViewer): Promise<LeadDetail> {
      // The lead's 404 comes first, then the input's 422s: both inside the transaction, after the one locking read.
      const prepared = () => {
        if (input.version === undefined) throw validationFailed({ version: [VERSION_REQUIRED] });
        return { expected: input.version, fields: storedFields(input) };
      };
      return withReferences(db, input.status_id, input.users, () =>
        db.transaction(async (tx) => {
          // The lead, locked, with its responsible users (sorted, as history compares them): one statement.
          const [current] = await tx
            .select({ lead: leads, users: sql<number[]>`array(select lu.user_id from lead_users lu where lu.lead_id = "leads"."id" order by lu.user_id)` })
            .from(leads)
            .where(and(eq(leads.id, id), await scope.condition(viewer, tx)))
            .limit(1)
            .for('update', { of: leads });
          if (!current) throw leadNotFound();
          const { expected, fields } = prepared();
          if (current.lead.version !== expected) throw await versionConflict(tx, id);
          const before = historyFields(current.lead, current.users.map(Number));
          if (before.users.join() !== fields.users.join()) await setLeadUsers(tx, [id], fields.users);
          const changes = diffFields(before, historyFields({ ...fields }, fields.users));
          // The row's UPDATE … WHERE version = ?, its history row and the answer (the saved detail) in one statement
          // (decision 036).
          const saved = tx.$with('saved').as(
            tx
              .update(leads)
              .set({
                ...leadColumns(fields),
                ...touched(viewer.id),
              })
              .where(and(eq(leads.id, id), eq(leads.version, expected)))
              .returning(),
          );
          const logged = tx
            .$with('logged')
            .as(tx.insert(leadHistory).values({ leadId: id, userId: viewer.id, action: 'updated', changes: storableJson(changes) }));
          const [row] = await savedDetail(Object.keys(changes).length > 0 ? tx.with(saved, logged) : tx.with(saved), saved, viewer.id);
          if (!row) throw await versionConflict(tx, id);
          return toLeadDetail(row);
        }),
      );
    },

    async delete(id: number, viewer: LeadViewer): Promise<void> {
      await db.transaction(async (tx) => {
        await scope.findVisible(id, viewer, tx, { lock: true });
        await tx.delete(leads).where(eq(leads.id, id));
      });
    },

    async changeStatus(id: number, statusId: number | null, viewer: LeadViewer): Promise<LeadDetail> {
      await scope.findVisible(id, viewer);
      await requireStatus(db, statusId);
      await withReferences(db, statusId, [], () =>
        db.transaction(async (tx) => {
          const current = await scope.findVisible(id, viewer, tx, { lock: true });
          if (current.statusId === statusId) return;
          await tx
            .update(leads)
            .set({ statusId, ...touched(viewer.id) })
            .where(eq(leads.id, id));
          await recordHistory(tx, [
            { leadId: id, userId: viewer.id, action: 'status_changed', changes: { status_id: { from: current.statusId, to: statusId } } },
          ]);
        }),
      );
      return loadLeadDetail(db, id, viewer.id);
    },

    /** Hand-over: the lead's responsible users become exactly [userId]. */
    async assign(id: number, userId: number, viewer: LeadViewer): Promise<LeadDetail> {
      await scope.findVisible(id, viewer);
      await requireUser(db, userId, 'users');
      await withReferences(db, undefined, [userId], () =>
        db.transaction(async (tx) => {
          await scope.findVisible(id, viewer, tx, { lock: true });
          const before = (await responsibleIds(tx, [id])).get(id) ?? [];
          await setLeadUsers(tx, [id], [userId]);
          await tx.update(leads).set(touched(viewer.id)).where(eq(leads.id, id));
          await recordHistory(tx, [{ leadId: id, userId: viewer.id, action: 'assigned', changes: { users: { from: before, to: [userId] } } }]);
        }),
      );
      return loadLeadDetail(db, id, viewer.id);
    },

    /** Toggles the caller's own star and answers the new state. */
    async toggleFavorite(id: number, viewer: LeadViewer): Promise<boolean> {
      await scope.findVisible(id, viewer);
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(leadFavorites)
          .where(and(eq(leadFavorites.leadId, id), eq(leadFavorites.userId, viewer.id)))
          .returning({ leadId: leadFavorites.leadId });
        if (removed.length > 0) return false;
        await tx.insert(leadFavorites).values({ leadId: id, userId: viewer.id }).onConflictDoNothing();
        return true;
      });
    },
  };
}

export type LeadCommandRepository = ReturnType<typeof createLeadCommandRepository>;
