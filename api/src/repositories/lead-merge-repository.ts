import { eq, inArray, sql } from 'drizzle-orm';
import type { LeadDetail, LeadDuplicateGroup, LeadMergeField, LeadMergeSide } from '@crm/shared/schemas';
import { type Database, queryRows } from '../db/client';
import { leadStatuses } from '../db/schema/lead-statuses';
import { leads } from '../db/schema/leads';
import { isFavorite, loadLeadDetail, responsibleJson, statusColumns, toListItems } from './lead/lead-detail';
import { diffFields, historyFields, recordHistory } from './lead/lead-history-entries';
import { versionConflict } from './lead/lead-integrity';
import { LEAD_REFERENCES } from './lead/lead-references';
import { responsibleIds, touched } from './lead/lead-rows';
import { leadNotFound, type LeadRow, type LeadScopeHelper, type LeadViewer, scopeCandidates } from './lead-scope';

export interface LeadMergeRequest {
  keepId: number;
  mergeId: number;
  keepVersion: number;
  mergeVersion: number;
  /** Which side each field comes from; a field not named keeps the kept lead's value. */
  fields: Partial<Record<LeadMergeField, LeadMergeSide>>;
}

export interface LeadMergeResult {
  kept: LeadDetail;
  /** Both leads as they were, for the audit log. */
  before: { keep: LeadDetail; merge: LeadDetail };
}

/** At most this many leads of one duplicate group are answered (its `count` says how many there are). */
export const DUPLICATE_GROUP_LEADS = 10;

const COLUMNS = {
  surname: 'surname',
  firstname: 'firstname',
  patronymic: 'patronymic',
  phone: 'phone',
  status_id: 'statusId',
  additional_info: 'additionalInfo',
} as const satisfies Record<LeadMergeField, keyof LeadRow>;

/** Merging one lead into another, and the groups of leads that look like duplicates. */
export function createLeadMergeRepository(db: Database, scope: LeadScopeHelper) {
  return {
    /**
     * In the caller's transaction: locks both leads (404 if either is out of the viewer's scope, 409 if either moved
     * past the version shown), writes the chosen fields to the kept lead, moves every row referencing the other lead
     * (LEAD_REFERENCES; responsible users and stars as a union), records the merge in the kept lead's history and
     * deletes the other.
     */
    async merge(request: LeadMergeRequest, viewer: LeadViewer): Promise<LeadMergeResult> {
      const { keepId, mergeId } = request;
      const rows = await scope.visibleRows([keepId, mergeId], viewer, db);
      const keep = rows.find((r) => r.id === keepId);
      const merge = rows.find((r) => r.id === mergeId);
      if (!keep || !merge) throw leadNotFound();
      if (keep.version !== request.keepVersion) throw await versionConflict(db, keepId);
      if (merge.version !== request.mergeVersion) throw await versionConflict(db, mergeId);

      const before = { keep: await loadLeadDetail(db, keepId, viewer.id), merge: await loadLeadDetail(db, mergeId, viewer.id) };
      const users = await responsibleIds(db, [keepId, mergeId]);
      const keepUsers = users.get(keepId) ?? [];
      const unionUsers = [...new Set([...keepUsers, ...(users.get(mergeId) ?? [])])].sort((a, b) => a - b);

      const chosen = { ...keep };
      for (const [field, column] of Object.entries(COLUMNS) as [LeadMergeField, (typeof COLUMNS)[LeadMergeField]][]) {
        if (request.fields[field] === 'merge') (chosen as Record<string, unknown>)[column] = merge[column];
      }
      const phoneNormalized = request.fields.phone === 'merge' ? merge.phoneNormalized : keep.phoneNormalized;

      for (const ref of LEAD_REFERENCES) await moveReferences(db, ref, mergeId, keepId);
      await db
        .update(leads)
        .set({
          surname: chosen.surname,
          firstname: chosen.firstname,
          patronymic: chosen.patronymic,
          phone: chosen.phone,
          phoneNormalized,
          statusId: chosen.statusId,
          additionalInfo: chosen.additionalInfo,
          ...touched(viewer.id),
        })
        .where(eq(leads.id, keepId));
      const changes = diffFields(historyFields(keep, keepUsers), historyFields(chosen, unionUsers));
      await recordHistory(db, [
        {
          leadId: keepId,
          userId: viewer.id,
          action: 'merged',
          changes: { ...changes, merged_lead: { from: { id: merge.id, name: `${merge.surname} ${merge.firstname}`.trim(), phone: merge.phone }, to: null } },
        },
      ]);
      // What was not moved (a responsible user or a star the kept lead already has) goes with the lead.
      await db.delete(leads).where(eq(leads.id, mergeId));
      return { kept: await loadLeadDetail(db, keepId, viewer.id), before };
    },

    /**
     * One page of duplicate groups among the leads the viewer sees: the same normalised phone, or the same surname and
     * first name ignoring case; the group with the newest lead first. Each grouping reads its own index
     * (leads_phone_normalized_id_idx, leads_lower_name_id_idx) in key order.
     */
    async duplicates(page: number, perPage: number, viewer: LeadViewer): Promise<{ data: LeadDuplicateGroup[]; total: number }> {
      // Own or team: the viewer's leads first (`id in (created union assigned)`, a few thousand at most), grouped by hash;
      // the OR form would walk the whole index testing each row (1.5 s against 40 ms at 100,000 leads, decision 075).
      const scopeUsers = await scope.scopeUsers(viewer);
      const visible = scopeUsers === undefined ? sql`true` : scopeCandidates(db, scopeUsers);
      type Group = { reason: 'phone' | 'name'; key: string; ids: number[] | string; total: number | string; size: number | string };
      const groups = await queryRows<Group>(
        db,
        sql`select reason, key, ids, size, count(*) over () as total from (
          select 'phone' as reason, ${leads.phoneNormalized} as key, array_agg(${leads.id} order by ${leads.id}) as ids,
            count(*) as size, max(${leads.id}) as newest
          from ${leads} where ${leads.phoneNormalized} <> '' and ${visible}
          group by ${leads.phoneNormalized} having count(*) > 1
          union all
          select 'name', lower(${leads.surname}) || ' ' || lower(${leads.firstname}), array_agg(${leads.id} order by ${leads.id}),
            count(*), max(${leads.id})
          from ${leads} where ${leads.surname} <> '' and ${leads.firstname} <> '' and ${visible}
          group by lower(${leads.surname}), lower(${leads.firstname}) having count(*) > 1
        ) g
        order by newest desc, reason, key
        limit ${perPage} offset ${(page - 1) * perPage}`,
      );
      const parsed = groups.map((g) => ({ ...g, ids: parseIds(g.ids).slice(0, DUPLICATE_GROUP_LEADS) }));
      const ids = [...new Set(parsed.flatMap((g) => g.ids))];
      const rows =
        ids.length === 0
          ? []
          : await db
              .select({ lead: leads, status: statusColumns, isFavorite: isFavorite(viewer.id), responsible: responsibleJson })
              .from(leads)
              .leftJoin(leadStatuses, eq(leadStatuses.id, leads.statusId))
              .where(inArray(leads.id, ids));
      const items = new Map(toListItems(rows).map((item) => [item.id, item]));
      return {
        data: parsed.map((g) => ({
          reason: g.reason,
          key: g.key,
          count: Number(g.size),
          leads: g.ids.flatMap((id) => items.get(id) ?? []),
        })),
        total: Number(groups[0]?.total ?? 0),
      };
    },
  };
}

/** An int[] as the driver hands it back: an array, or PGlite/pg text such as `{1,2}`. */
const parseIds = (value: number[] | string): number[] =>
  typeof value === 'string' ? value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number) : value.map(Number);

/**
 * Moves the rows of one referencing table from lead `from` to lead `to`; with a unique key, only the rows `to` lacks
 * (the rest are deleted with `from`).
 */
async function moveReferences(db: Database, ref: (typeof LEAD_REFERENCES)[number], from: number, to: number): Promise<void> {
  const table = sql.identifier(ref.table);
  const column = sql.identifier(ref.column);
  const unique = ref.uniqueWith ?? [];
  const lacking =
    unique.length === 0
      ? sql``
      : sql` and not exists (select 1 from ${table} k where k.${column} = ${to} and ${sql.join(
          unique.map((c) => sql`k.${sql.identifier(c)} = m.${sql.identifier(c)}`),
          sql` and `,
        )})`;
  await db.execute(sql`update ${table} as m set ${column} = ${to} where m.${column} = ${from}${lacking}`);
}

export type LeadMergeRepository = ReturnType<typeof createLeadMergeRepository>;
