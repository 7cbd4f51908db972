import { and, inArray, notInArray, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { leadUsers } from '../../db/schema/lead-users';
import { leads } from '../../db/schema/leads';

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
  /**
   * Whether responsible users are inserted for it next: written with the row, so the trigger that keeps
   * `has_responsible_user` (migration 0024) has nothing to update. Left false, the trigger sets it all the same.
   */
  hasResponsibleUser?: boolean;
}

/** Rows per multi-row INSERT and per export batch. */
export const LEAD_BATCH = 1_000;

const byNumber = (a: number, b: number) => a - b;

/**
 * Multi-row INSERT through `unnest` of one array per column: a handful of parameters however many rows, which keeps
 * 1,000-row batches fast on PGlite. Returns the new ids in input order.
 */
export async function insertLeadRows(tx: Database, rows: LeadInsertRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const column = <T>(pick: (row: LeadInsertRow) => T) => sql.param(rows.map(pick));
  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`insert into ${leads} (surname, firstname, patronymic, phone, phone_normalized, status_id, additional_info, created_by, created_at, updated_at, has_responsible_user)
      select r.surname, r.firstname, r.patronymic, r.phone, r.phone_normalized, r.status_id, r.additional_info, r.created_by,
        coalesce(r.created_at, now()), coalesce(r.created_at, now()), r.has_responsible_user
      from unnest(
        ${column((r) => r.surname)}::text[], ${column((r) => r.firstname)}::text[], ${column((r) => r.patronymic)}::text[],
        ${column((r) => r.phone)}::text[], ${column((r) => r.phoneNormalized)}::text[], ${column((r) => r.statusId)}::int[],
        ${column((r) => r.additionalInfo)}::text[], ${column((r) => r.createdBy)}::int[], ${column((r) => r.createdAt?.toISOString() ?? null)}::timestamptz[],
        ${column((r) => r.hasResponsibleUser ?? false)}::boolean[]
      ) as r(surname, firstname, patronymic, phone, phone_normalized, status_id, additional_info, created_by, created_at, has_responsible_user)
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

/**
 * Replaces the responsible users of the given leads: the new ones first, then the others go. In this order a lead
 * handed from one user to another always has one, so the trigger that keeps `has_responsible_user` (migration 0024)
 * writes no row; removing first would clear the flag and set it again, two more writes of every lead.
 */
export async function setLeadUsers(tx: Database, leadIds: number[], userIds: number[]): Promise<void> {
  if (leadIds.length === 0) return;
  await insertLeadUsers(
    tx,
    leadIds.flatMap((leadId) => userIds.map((userId) => ({ leadId, userId }))),
  );
  await tx.delete(leadUsers).where(and(inArray(leadUsers.leadId, leadIds), userIds.length > 0 ? notInArray(leadUsers.userId, userIds) : undefined));
}

/** What a row changes on every edit: a new version, who and when. */
export const touched = (actorId: number) => ({ version: sql`${leads.version} + 1`, updatedAt: sql`now()`, updatedBy: actorId });
