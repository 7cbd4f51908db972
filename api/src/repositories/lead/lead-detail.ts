import { and, eq, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { alias, type WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { LeadDetail, LeadListItem } from '@crm/shared/schemas';
import type { Database } from '../../db/client';
import { leadFavorites } from '../../db/schema/lead-favorites';
import { leadStatuses } from '../../db/schema/lead-statuses';
import { leads } from '../../db/schema/leads';
import { users } from '../../db/schema/users';
import { leadNotFound, type LeadRow } from '../lead-scope';

const creator = alias(users, 'creator');
const updater = alias(users, 'updater');

/** Whether the viewer starred the lead of the row, as a selectable column. */
export const isFavorite = (viewerId: number | Placeholder) =>
  sql<boolean>`exists (select 1 from ${leadFavorites} where ${leadFavorites.leadId} = ${leads.id} and ${leadFavorites.userId} = ${viewerId})`;

/** The status columns a list row and a detail carry. */
export const statusColumns = { id: leadStatuses.id, name: leadStatuses.name, color: leadStatuses.color };

export type LeadListRow = {
  /** The row without what PostgreSQL keeps on it for the list's filters (migration 0024): no answer carries those. */
  lead: Omit<LeadRow, 'lastEntryAt' | 'lastActivityAt' | 'hasResponsibleUser'>;
  status: { id: number | null; name: string | null; color: string | null } | null;
  isFavorite: boolean;
};

/**
 * List rows as the API answers them; each row carries its responsible users as JSON (`responsibleJson`, read in the
 * page's own statement, decision 036).
 */
export function toListItems(rows: (LeadListRow & { responsible: Person[] | string })[]): LeadListItem[] {
  return rows.map((row) => toListItem(row, parsePeople(row.responsible)));
}

export type Person = { id: number; first_name: string; name: string };

/** One list row with its responsible users (ordered by name, then id). */
function toListItem({ lead, status, isFavorite: favorite }: LeadListRow, people: Person[]): LeadListItem {
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
}

/**
 * The lead's responsible users as one JSON array in the lead's own row, ordered as `toListItems` orders them: the
 * detail is then one statement (decision 036).
 */
export const responsibleJson = sql<Person[] | string>`coalesce((
  select json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'name', u.name) order by u.name, u.id)
  from lead_users lu inner join users u on u.id = lu.user_id
  where lu.lead_id = "leads"."id"
), '[]')`;

/** Responsible users the driver may hand back as parsed JSON or as text. */
const parsePeople = (value: Person[] | string): Person[] => (typeof value === 'string' ? (JSON.parse(value) as Person[]) : value);

/** The detail's statement: the lead, its status, creator, last editor and responsible users, the viewer's star. */
function detailQuery(db: Database, id: number | Placeholder, viewerId: number | Placeholder, scope?: SQL) {
  return db
    .select({
      lead: leads,
      status: statusColumns,
      isFavorite: isFavorite(viewerId),
      creator: { id: creator.id, first_name: creator.firstName, name: creator.name },
      updater: { id: updater.id, first_name: updater.firstName, name: updater.name },
      responsible: responsibleJson,
    })
    .from(leads)
    .leftJoin(leadStatuses, eq(leadStatuses.id, leads.statusId))
    .leftJoin(creator, eq(creator.id, leads.createdBy))
    .leftJoin(updater, eq(updater.id, leads.updatedBy))
    .where(and(eq(leads.id, id), scope));
}

/**
 * The detail without a scope condition (a viewer who sees every lead, and the answer of every write), built once per
 * database (decision 036): no query building per request, and a named statement on PostgreSQL.
 */
const unscopedDetail = new WeakMap<Database, ReturnType<ReturnType<typeof detailQuery>['prepare']>>();

/**
 * The detail of a lead already checked against the viewer's scope (or just written by them); with `scope` (the
 * viewer's condition) the check is part of the same statement, and a lead out of it is a 404.
 */
export async function loadLeadDetail(db: Database, id: number, viewerId: number, scope?: SQL): Promise<LeadDetail> {
  let rows;
  if (scope) {
    rows = await detailQuery(db, id, viewerId, scope);
  } else {
    let prepared = unscopedDetail.get(db);
    if (!prepared) {
      prepared = detailQuery(db, sql.placeholder('id'), sql.placeholder('viewerId')).prepare('lead_detail');
      unscopedDetail.set(db, prepared);
    }
    rows = await prepared.execute({ id, viewerId });
  }
  const [row] = rows;
  if (!row) throw leadNotFound();
  return toLeadDetail(row);
}

type PersonColumns = { id: number | null; first_name: string | null; name: string | null } | null;

/** A detail row (the lead, its status, star, responsible users, creator and last editor) as the API answers it. */
export function toLeadDetail(row: LeadListRow & { responsible: Person[] | string; creator: PersonColumns; updater: PersonColumns }): LeadDetail {
  const item = toListItem(row, parsePeople(row.responsible));
  const person = (p: PersonColumns) => (p && p.id !== null ? (p as { id: number; first_name: string; name: string }) : null);
  return { ...item, creator: person(row.creator), updated_by: person(row.updater) };
}

/**
 * The detail's columns over the rows a statement's `WITH saved AS (UPDATE leads … RETURNING *)` hands back: the
 * answer of a save read in the save's own statement (decision 036). Joins the same tables as `detailQuery`.
 */
export function savedDetail(tx: Pick<ReturnType<Database['with']>, 'select'>, saved: WithSubqueryWithSelection<typeof leads._.columns, 'saved'>, viewerId: number) {
  const lead = {
    id: saved.id,
    surname: saved.surname,
    firstname: saved.firstname,
    patronymic: saved.patronymic,
    phone: saved.phone,
    phoneNormalized: saved.phoneNormalized,
    statusId: saved.statusId,
    additionalInfo: saved.additionalInfo,
    searchText: saved.searchText,
    createdBy: saved.createdBy,
    updatedBy: saved.updatedBy,
    createdAt: saved.createdAt,
    updatedAt: saved.updatedAt,
    version: saved.version,
  };
  return tx
    .select({
      lead,
      status: statusColumns,
      isFavorite: sql<boolean>`exists (select 1 from lead_favorites f where f.lead_id = "saved"."id" and f.user_id = ${viewerId})`,
      creator: { id: creator.id, first_name: creator.firstName, name: creator.name },
      updater: { id: updater.id, first_name: updater.firstName, name: updater.name },
      responsible: sql<Person[] | string>`coalesce((
        select json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'name', u.name) order by u.name, u.id)
        from lead_users lu inner join users u on u.id = lu.user_id
        where lu.lead_id = "saved"."id"
      ), '[]')`,
    })
    .from(saved)
    .leftJoin(leadStatuses, eq(leadStatuses.id, saved.statusId))
    .leftJoin(creator, eq(creator.id, saved.createdBy))
    .leftJoin(updater, eq(updater.id, saved.updatedBy));
}
