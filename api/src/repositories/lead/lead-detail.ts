import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LeadDetail, LeadListItem } from '@crm/shared/schemas';
import type { Database } from '../../db/client';
import { leadFavorites } from '../../db/schema/lead-favorites';
import { leadStatuses } from '../../db/schema/lead-statuses';
import { leadUsers } from '../../db/schema/lead-users';
import { leads } from '../../db/schema/leads';
import { users } from '../../db/schema/users';
import type { LeadRow } from '../lead-scope';

const creator = alias(users, 'creator');
const updater = alias(users, 'updater');

/** Whether the viewer starred the lead of the row, as a selectable column. */
export const isFavorite = (viewerId: number) =>
  sql<boolean>`exists (select 1 from ${leadFavorites} where ${leadFavorites.leadId} = ${leads.id} and ${leadFavorites.userId} = ${viewerId})`;

/** The status columns a list row and a detail carry. */
export const statusColumns = { id: leadStatuses.id, name: leadStatuses.name, color: leadStatuses.color };

export type LeadListRow = {
  lead: LeadRow;
  status: { id: number | null; name: string | null; color: string | null } | null;
  isFavorite: boolean;
};

/** List rows with their responsible users (one extra query for the whole page). */
export async function toListItems(db: Database, rows: LeadListRow[]): Promise<LeadListItem[]> {
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
export async function loadLeadDetail(db: Database, id: number, viewerId: number): Promise<LeadDetail> {
  const [row] = await db
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
  const [item] = await toListItems(db, [row]);
  const person = (p: { id: number | null; first_name: string | null; name: string | null } | null) =>
    p && p.id !== null ? (p as { id: number; first_name: string; name: string }) : null;
  return { ...item, creator: person(row.creator), updated_by: person(row.updater) };
}
