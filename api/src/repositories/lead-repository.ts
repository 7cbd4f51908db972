import { and, asc, count, desc, eq, exists, gt, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { LeadBulkResult, LeadDetail, LeadListItem, leadBulkInputSchema } from '@crm/shared/schemas';
import { type Database, queryRows } from '../db/client';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode } from '../db/errors';
import { leadFavorites } from '../db/schema/lead-favorites';
import { leadStatuses } from '../db/schema/lead-statuses';
import { leadUsers } from '../db/schema/lead-users';
import { leads } from '../db/schema/leads';
import { users } from '../db/schema/users';
import { AppError, type FieldErrors, validationFailed } from '../errors/app-error';
import { type LeadFields, type ParsedLeadInput, prepareLeadFields, STATUS_NOT_FOUND, USER_NOT_FOUND } from '../lib/lead-fields';
import { normalizePhone, phoneSearchVariants } from '../lib/phone';
import { diffFields, type NewHistoryEntry, recordHistory } from './lead-history-repository';
import { assignedTo, createLeadScope, type LeadRow, type LeadScopeHelper, type LeadViewer } from './lead-scope';

/** The list's filters; CSV export takes the same ones. */
export interface LeadListFilters {
  search?: string;
  statusId?: number;
  userId?: number;
  favoriteOnly: boolean;
}

export interface LeadListParams extends LeadListFilters {
  page: number;
  perPage: number;
  /** `field` or `-field`, already validated against LEAD_SORT_FIELDS. */
  sort: string;
}

export interface NewLead {
  surname: string;
  firstname: string;
  patronymic?: string;
  phone: string;
  statusId?: number | null;
  additionalInfo?: string;
  createdBy?: number | null;
  createdAt?: Date;
  users?: number[];
}

/** One row of a multi-row insert (seeds, imports); the phone is stored as given. */
export interface LeadInsertRow {
  surname: string;
  firstname: string;
  patronymic: string;
  phone: string;
  phoneNormalized: string;
  statusId: number | null;
  additionalInfo: string;
  createdBy: number | null;
  createdAt?: Date;
}

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

/** Above this many matches the total stops being exact; see `countMatches`. */
export const DEFAULT_COUNT_CAP = 10_000;
/** Rows per multi-row INSERT and per export batch. */
export const LEAD_BATCH = 1_000;

const sortColumns = {
  created_at: leads.createdAt,
  updated_at: leads.updatedAt,
  surname: leads.surname,
  phone: leads.phoneNormalized,
  status_id: leads.statusId,
} as const;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (value: string) => like(leads.searchText, `%${escapeLike(value)}%`);
const PHONE_ONLY = /^[\d\s()+\-.]+$/;

/**
 * Search terms: a query made only of phone characters is one phone number ('+7 (912) 345' → 7912345);
 * otherwise every word must match a name part or, when it has digits only, the phone digits.
 */
function searchCondition(search: string): SQL | undefined {
  const text = search.trim().toLowerCase();
  if (text === '') return undefined;
  const phoneCondition = (fragment: string) => or(...phoneSearchVariants(fragment).map(contains));
  if (PHONE_ONLY.test(text) && /\d/.test(text)) return phoneCondition(text);
  const words = text.split(/\s+/).map((word) => (PHONE_ONLY.test(word) && /\d/.test(word) ? phoneCondition(word) : contains(word)));
  return and(...words);
}

const byNumber = (a: number, b: number) => a - b;

/** The fields history compares, named as the API names them. */
function historyFields(lead: Pick<LeadRow, 'surname' | 'firstname' | 'patronymic' | 'phone' | 'statusId' | 'additionalInfo'>, userIds: number[]) {
  return {
    surname: lead.surname,
    firstname: lead.firstname,
    patronymic: lead.patronymic,
    phone: lead.phone,
    status_id: lead.statusId,
    additional_info: lead.additionalInfo,
    users: userIds,
  };
}

/**
 * Multi-row INSERT through `unnest` of one array per column: a handful of parameters however many rows, which keeps
 * 1,000-row batches fast on PGlite. Returns the new ids in input order.
 */
export async function insertLeadRows(tx: Database, rows: LeadInsertRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const column = <T>(pick: (row: LeadInsertRow) => T) => sql.param(rows.map(pick));
  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`insert into ${leads} (surname, firstname, patronymic, phone, phone_normalized, status_id, additional_info, created_by, created_at, updated_at)
      select r.surname, r.firstname, r.patronymic, r.phone, r.phone_normalized, r.status_id, r.additional_info, r.created_by,
        coalesce(r.created_at, now()), coalesce(r.created_at, now())
      from unnest(
        ${column((r) => r.surname)}::text[], ${column((r) => r.firstname)}::text[], ${column((r) => r.patronymic)}::text[],
        ${column((r) => r.phone)}::text[], ${column((r) => r.phoneNormalized)}::text[], ${column((r) => r.statusId)}::int[],
        ${column((r) => r.additionalInfo)}::text[], ${column((r) => r.createdBy)}::int[], ${column((r) => r.createdAt?.toISOString() ?? null)}::timestamptz[]
      ) as r(surname, firstname, patronymic, phone, phone_normalized, status_id, additional_info, created_by, created_at)
      returning id`,
  );
  return inserted.map((r) => r.id);
}

/** Links leads to their responsible users, in one statement. */
export async function insertLeadUsers(tx: Database, links: { leadId: number; userId: number }[]): Promise<void> {
  if (links.length === 0) return;
  await tx.execute(
    sql`insert into ${leadUsers} (lead_id, user_id) select * from unnest(${sql.param(links.map((l) => l.leadId))}::int[], ${sql.param(links.map((l) => l.userId))}::int[])
      on conflict do nothing`,
  );
}

/** The responsible user ids of each lead, sorted. */
export async function responsibleIds(tx: Database, leadIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(leadIds.map((id) => [id, []]));
  if (leadIds.length === 0) return map;
  const rows = await tx.select().from(leadUsers).where(inArray(leadUsers.leadId, leadIds));
  for (const row of rows) map.get(row.leadId)?.push(row.userId);
  for (const ids of map.values()) ids.sort(byNumber);
  return map;
}

/** Replaces a lead's responsible users. */
async function setLeadUsers(tx: Database, leadIds: number[], userIds: number[]): Promise<void> {
  if (leadIds.length === 0) return;
  await tx.delete(leadUsers).where(inArray(leadUsers.leadId, leadIds));
  await insertLeadUsers(
    tx,
    leadIds.flatMap((leadId) => userIds.map((userId) => ({ leadId, userId }))),
  );
}

/** What a row changes on every edit: a new version, who and when. */
const touched = (actorId: number) => ({ version: sql`${leads.version} + 1`, updatedAt: sql`now()`, updatedBy: actorId });

export function createLeadRepository(db: Database, options: { countCap?: number; scope?: LeadScopeHelper } = {}) {
  const countCap = options.countCap ?? DEFAULT_COUNT_CAP;
  const scope = options.scope ?? createLeadScope(db);
  const creator = alias(users, 'creator');
  const updater = alias(users, 'updater');

  async function filterCondition(filters: LeadListFilters, viewer: LeadViewer): Promise<SQL | undefined> {
    return and(
      await scope.condition(viewer),
      filters.search ? searchCondition(filters.search) : undefined,
      filters.statusId !== undefined ? eq(leads.statusId, filters.statusId) : undefined,
      filters.userId !== undefined ? assignedTo(db, filters.userId) : undefined,
      filters.favoriteOnly
        ? exists(
            db
              .select({ one: sql`1` })
              .from(leadFavorites)
              .where(and(eq(leadFavorites.leadId, leads.id), eq(leadFavorites.userId, viewer.id))),
          )
        : undefined,
    );
  }

  /**
   * Totals at scale. A COUNT(*) over the filtered set on every page is a full scan per request at 100,000 leads, so:
   * count at most countCap + 1 matches (the LIMIT subquery stops early) and, below the cap, report that exact number.
   * Above the cap, an unfiltered list reports PostgreSQL's reltuples estimate (fresh after ANALYZE/autovacuum), falling
   * back to one exact count while statistics are missing; a filtered list reports countCap, so its pagination stops there
   * and narrowing the search reaches the rest.
   */
  async function countMatches(where: SQL | undefined): Promise<number> {
    const capped = db.select({ one: sql`1` }).from(leads).where(where).limit(countCap + 1).as('capped');
    const [{ total }] = await db.select({ total: count() }).from(capped);
    if (total <= countCap) return total;
    if (where) return countCap;
    const [stats] = await queryRows<{ estimate: number | string }>(
      db,
      sql`select reltuples::bigint as estimate from pg_class where oid = to_regclass('leads')`,
    );
    const estimate = Number(stats?.estimate ?? -1);
    if (estimate > countCap) return estimate;
    const [{ exact }] = await db.select({ exact: count() }).from(leads);
    return exact;
  }

  const isFavorite = (viewerId: number) =>
    sql<boolean>`exists (select 1 from ${leadFavorites} where ${leadFavorites.leadId} = ${leads.id} and ${leadFavorites.userId} = ${viewerId})`;
  const statusColumns = { id: leadStatuses.id, name: leadStatuses.name, color: leadStatuses.color };

  /** List rows with their responsible users (one extra query for the whole page). */
  async function toListItems(
    rows: { lead: LeadRow; status: { id: number | null; name: string | null; color: string | null } | null; isFavorite: boolean }[],
  ): Promise<LeadListItem[]> {
    const ids = rows.map((r) => r.lead.id);
    const responsible = ids.length
      ? await db
          .select({ leadId: leadUsers.leadId, id: users.id, first_name: users.firstName, name: users.name })
          .from(leadUsers)
          .innerJoin(users, eq(users.id, leadUsers.userId))
          .where(inArray(leadUsers.leadId, ids))
          .orderBy(asc(users.name), asc(users.id))
      : [];
    return rows.map(({ lead, status, isFavorite: favorite }): LeadListItem => {
      const people = responsible.filter((r) => r.leadId === lead.id).map(({ id, first_name, name }) => ({ id, first_name, name }));
      return {
        id: lead.id,
        surname: lead.surname,
        firstname: lead.firstname,
        patronymic: lead.patronymic,
        phone: lead.phone,
        status_id: lead.statusId,
        additional_info: lead.additionalInfo,
        users: people.map((p) => p.id),
        created_by: lead.createdBy,
        created_at: lead.createdAt.toISOString(),
        updated_at: lead.updatedAt.toISOString(),
        version: lead.version,
        status: status && status.id !== null ? (status as { id: number; name: string; color: string }) : null,
        responsible: people,
        is_favorite: Boolean(favorite),
      };
    });
  }

  /** The detail of a lead already checked against the viewer's scope (or just written by them). */
  async function loadDetail(id: number, viewerId: number, tx: Database = db): Promise<LeadDetail> {
    const [row] = await tx
      .select({
        lead: leads,
        status: statusColumns,
        isFavorite: isFavorite(viewerId),
        creator: { id: creator.id, first_name: creator.firstName, name: creator.name },
        updater: { id: updater.id, first_name: updater.firstName, name: updater.name },
      })
      .from(leads)
      .leftJoin(leadStatuses, eq(leadStatuses.id, leads.statusId))
      .leftJoin(creator, eq(creator.id, leads.createdBy))
      .leftJoin(updater, eq(updater.id, leads.updatedBy))
      .where(eq(leads.id, id));
    const [item] = await toListItems([row]);
    const person = (p: { id: number | null; first_name: string | null; name: string | null } | null) =>
      p && p.id !== null ? (p as { id: number; first_name: string; name: string }) : null;
    return { ...item, creator: person(row.creator), updated_by: person(row.updater) };
  }

  /** 422 for a status or users that do not exist. */
  async function referenceErrors(statusId: number | undefined, userIds: number[], tx: Database = db): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    if (statusId !== undefined) {
      const [status] = await tx.select({ id: leadStatuses.id }).from(leadStatuses).where(eq(leadStatuses.id, statusId));
      if (!status) errors.status_id = [STATUS_NOT_FOUND];
    }
    if (userIds.length > 0) {
      const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
      if (found.length !== new Set(userIds).size) errors.users = [USER_NOT_FOUND];
    }
    return errors;
  }

  /** The input as stored, or 422 with every field error at once. */
  async function checkedFields(input: ParsedLeadInput): Promise<LeadFields> {
    const { fields, errors } = prepareLeadFields(input);
    const all = { ...errors, ...(await referenceErrors(fields.statusId, fields.users)) };
    if (Object.keys(all).length > 0) throw validationFailed(all);
    return fields;
  }

  /** A status or user deleted between the check and the write: still the field's error, not a 500. */
  async function withReferences<T>(statusId: number | undefined, userIds: number[], write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (postgresErrorCode(error) !== FOREIGN_KEY_VIOLATION) throw error;
      const errors = await referenceErrors(statusId, userIds);
      throw Object.keys(errors).length > 0 ? validationFailed(errors) : error;
    }
  }

  /** The 409 of a stale update: who saved the version the caller has not seen, and when. */
  async function versionConflict(id: number, tx: Database): Promise<AppError> {
    const [row] = await tx
      .select({ version: leads.version, updatedAt: leads.updatedAt, user: { id: users.id, name: users.name } })
      .from(leads)
      .leftJoin(users, eq(users.id, leads.updatedBy))
      .where(eq(leads.id, id));
    const who = row.user && row.user.id !== null ? (row.user as { id: number; name: string }) : null;
    const message = who
      ? `Лид уже изменил(а) ${who.name}. Загрузите актуальную версию, прежде чем сохранять.`
      : 'Лид уже изменён. Загрузите актуальную версию, прежде чем сохранять.';
    return new AppError('LEAD_VERSION_CONFLICT', message, undefined, {
      conflict: { updated_by: who, updated_at: row.updatedAt.toISOString(), version: row.version },
    });
  }

  /** One page of the list, sorted by the chosen column and then by id so pages never overlap. */
  function pageQuery(params: LeadListParams, viewerId: number, where: SQL | undefined) {
    const direction = params.sort.startsWith('-') ? desc : asc;
    const column = sortColumns[params.sort.replace(/^-/, '') as keyof typeof sortColumns];
    return db
      .select({ lead: leads, status: statusColumns, isFavorite: isFavorite(viewerId) })
      .from(leads)
      .leftJoin(leadStatuses, eq(leadStatuses.id, leads.statusId))
      .where(where)
      .orderBy(direction(column), direction(leads.id))
      .limit(params.perPage)
      .offset((params.page - 1) * params.perPage);
  }

  async function statusErrors(statusId: number): Promise<void> {
    const errors = await referenceErrors(statusId, []);
    if (errors.status_id) throw validationFailed(errors);
  }

  async function userErrors(userId: number, field: string): Promise<void> {
    const errors = await referenceErrors(undefined, [userId]);
    if (errors.users) throw validationFailed({ [field]: errors.users });
  }

  return {
    scope,

    async list(params: LeadListParams, viewer: LeadViewer): Promise<{ data: LeadListItem[]; total: number }> {
      const where = await filterCondition(params, viewer);
      const [rows, total] = await Promise.all([pageQuery(params, viewer.id, where), countMatches(where)]);
      return { data: await toListItems(rows), total };
    },

    /** The SQL and parameters of one list page, for the benchmark's raw-query comparison. */
    async listPageSql(params: LeadListParams, viewer: LeadViewer): Promise<{ sql: string; params: unknown[] }> {
      return pageQuery(params, viewer.id, await filterCondition(params, viewer)).toSQL();
    },

    async detail(id: number, viewer: LeadViewer): Promise<LeadDetail> {
      await scope.findVisible(id, viewer);
      return loadDetail(id, viewer.id);
    },

    async create(input: ParsedLeadInput, actorId: number): Promise<LeadDetail> {
      const fields = await checkedFields(input);
      const id = await withReferences(fields.statusId, fields.users, () =>
        db.transaction(async (tx) => {
          const [{ id: leadId }] = await tx
            .insert(leads)
            .values({
              surname: fields.surname,
              firstname: fields.firstname,
              patronymic: fields.patronymic,
              phone: fields.phone,
              phoneNormalized: fields.phoneNormalized,
              statusId: fields.statusId,
              additionalInfo: fields.additionalInfo,
              createdBy: actorId,
            })
            .returning({ id: leads.id });
          await insertLeadUsers(tx, fields.users.map((userId) => ({ leadId, userId })));
          await recordHistory(tx, [{ leadId, userId: actorId, action: 'created' }]);
          return leadId;
        }),
      );
      return loadDetail(id, actorId);
    },

    /**
     * Saves the form over the version it was read at: one UPDATE … WHERE version = ? compares and increments, so of
     * two saves from the same version exactly one wins and the other gets 409 naming the winner.
     */
    async update(id: number, input: ParsedLeadInput, viewer: LeadViewer): Promise<LeadDetail> {
      await scope.findVisible(id, viewer);
      if (input.version === undefined) throw validationFailed({ version: ['Не указана версия лида: обновите страницу'] });
      const expected = input.version;
      const fields = await checkedFields(input);
      await withReferences(fields.statusId, fields.users, () =>
        db.transaction(async (tx) => {
          const current = await scope.findVisible(id, viewer, tx, { lock: true });
          if (current.version !== expected) throw await versionConflict(id, tx);
          const before = historyFields(current, (await responsibleIds(tx, [id])).get(id) ?? []);
          const saved = await tx
            .update(leads)
            .set({
              surname: fields.surname,
              firstname: fields.firstname,
              patronymic: fields.patronymic,
              phone: fields.phone,
              phoneNormalized: fields.phoneNormalized,
              statusId: fields.statusId,
              additionalInfo: fields.additionalInfo,
              ...touched(viewer.id),
            })
            .where(and(eq(leads.id, id), eq(leads.version, expected)))
            .returning({ id: leads.id });
          if (saved.length === 0) throw await versionConflict(id, tx);
          if (before.users.join() !== fields.users.join()) await setLeadUsers(tx, [id], fields.users);
          const changes = diffFields(before, historyFields({ ...fields }, fields.users));
          if (Object.keys(changes).length > 0) await recordHistory(tx, [{ leadId: id, userId: viewer.id, action: 'updated', changes }]);
        }),
      );
      return loadDetail(id, viewer.id);
    },

    async delete(id: number, viewer: LeadViewer): Promise<void> {
      await db.transaction(async (tx) => {
        await scope.findVisible(id, viewer, tx, { lock: true });
        await tx.delete(leads).where(eq(leads.id, id));
      });
    },

    async changeStatus(id: number, statusId: number, viewer: LeadViewer): Promise<LeadDetail> {
      await scope.findVisible(id, viewer);
      await statusErrors(statusId);
      await withReferences(statusId, [], () =>
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
      return loadDetail(id, viewer.id);
    },

    /** Hand-over: the lead's responsible users become exactly [userId]. */
    async assign(id: number, userId: number, viewer: LeadViewer): Promise<LeadDetail> {
      await scope.findVisible(id, viewer);
      await userErrors(userId, 'users');
      await withReferences(undefined, [userId], () =>
        db.transaction(async (tx) => {
          await scope.findVisible(id, viewer, tx, { lock: true });
          const before = (await responsibleIds(tx, [id])).get(id) ?? [];
          await setLeadUsers(tx, [id], [userId]);
          await tx.update(leads).set(touched(viewer.id)).where(eq(leads.id, id));
          await recordHistory(tx, [{ leadId: id, userId: viewer.id, action: 'assigned', changes: { users: { from: before, to: [userId] } } }]);
        }),
      );
      return loadDetail(id, viewer.id);
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

    /**
     * One action on many leads in one transaction. Leads the viewer may not see (or that do not exist) are skipped
     * with reason 'not_found', exactly as the single-lead calls would answer 404 for them.
     */
    async bulk(input: z.output<typeof leadBulkInputSchema>, viewer: LeadViewer): Promise<LeadBulkResult> {
      const ids = [...new Set(input.ids)];
      if (input.action === 'status') await statusErrors(input.status_id);
      if (input.action === 'assign') await userErrors(input.user_id, 'user_id');
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

    /**
     * The leads matching the list filters, in id order, a batch at a time (keyset on id), so an export of 100,000
     * leads never holds more than one batch in memory.
     */
    async *exportBatches(filters: LeadListFilters, viewer: LeadViewer, batchSize = LEAD_BATCH): AsyncGenerator<LeadExportRow[]> {
      const where = await filterCondition(filters, viewer);
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

    /** Batch insert for seeds, tests and benchmarks (no history); returns the new ids in input order. */
    async insertMany(items: NewLead[]): Promise<number[]> {
      const ids: number[] = [];
      await db.transaction(async (tx) => {
        for (let start = 0; start < items.length; start += LEAD_BATCH) {
          const batch = items.slice(start, start + LEAD_BATCH);
          const batchIds = await insertLeadRows(
            tx,
            batch.map((item) => ({
              surname: item.surname,
              firstname: item.firstname,
              patronymic: item.patronymic ?? '',
              phone: item.phone,
              phoneNormalized: normalizePhone(item.phone),
              statusId: item.statusId ?? null,
              additionalInfo: item.additionalInfo ?? '',
              createdBy: item.createdBy ?? null,
              createdAt: item.createdAt,
            })),
          );
          await insertLeadUsers(tx, batch.flatMap((item, i) => (item.users ?? []).map((userId) => ({ leadId: batchIds[i], userId }))));
          ids.push(...batchIds);
        }
      });
      return ids;
    },

    async addFavorite(leadId: number, userId: number): Promise<void> {
      await db.insert(leadFavorites).values({ leadId, userId }).onConflictDoNothing();
    },
  };
}

export type LeadRepository = ReturnType<typeof createLeadRepository>;
