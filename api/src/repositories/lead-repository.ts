import { and, asc, count, desc, eq, exists, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { LeadListItem, LeadScope } from '@crm/shared/schemas';
import { type Database, queryRows } from '../db/client';
import { leadFavorites } from '../db/schema/lead-favorites';
import { leadStatuses } from '../db/schema/lead-statuses';
import { leadUsers } from '../db/schema/lead-users';
import { leads } from '../db/schema/leads';
import { teamMembers } from '../db/schema/team-members';
import { users } from '../db/schema/users';
import { normalizePhone, phoneSearchVariants } from '../lib/phone';

/** Who is asking: the list shows only the leads the viewer's role scope allows. */
export interface LeadViewer {
  id: number;
  leadScope: LeadScope;
}

export interface LeadListParams {
  page: number;
  perPage: number;
  search?: string;
  statusId?: number;
  userId?: number;
  favoriteOnly: boolean;
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

/** Above this many matches the total stops being exact; see `countMatches`. */
export const DEFAULT_COUNT_CAP = 10_000;
const INSERT_BATCH = 1_000;

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

export function createLeadRepository(db: Database, { countCap = DEFAULT_COUNT_CAP } = {}) {
  const assignedTo = (userIds: number[] | number) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(leadUsers)
        .where(and(eq(leadUsers.leadId, leads.id), Array.isArray(userIds) ? inArray(leadUsers.userId, userIds) : eq(leadUsers.userId, userIds))),
    );

  /** The viewer plus everyone sharing a team with them. */
  async function teammateIds(userId: number): Promise<number[]> {
    const mine = db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId));
    const rows = await db.selectDistinct({ userId: teamMembers.userId }).from(teamMembers).where(inArray(teamMembers.teamId, mine));
    return [...new Set([userId, ...rows.map((r) => r.userId)])];
  }

  async function scopeCondition(viewer: LeadViewer): Promise<SQL | undefined> {
    switch (viewer.leadScope) {
      case 'all':
        return undefined;
      case 'own':
        return or(eq(leads.createdBy, viewer.id), assignedTo(viewer.id));
      case 'team': {
        const ids = await teammateIds(viewer.id);
        return or(inArray(leads.createdBy, ids), assignedTo(ids));
      }
    }
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

  return {
    async list(params: LeadListParams, viewer: LeadViewer): Promise<{ data: LeadListItem[]; total: number }> {
      const where = and(
        await scopeCondition(viewer),
        params.search ? searchCondition(params.search) : undefined,
        params.statusId !== undefined ? eq(leads.statusId, params.statusId) : undefined,
        params.userId !== undefined ? assignedTo(params.userId) : undefined,
        params.favoriteOnly
          ? exists(
              db
                .select({ one: sql`1` })
                .from(leadFavorites)
                .where(and(eq(leadFavorites.leadId, leads.id), eq(leadFavorites.userId, viewer.id))),
            )
          : undefined,
      );

      const descending = params.sort.startsWith('-');
      const column = sortColumns[params.sort.replace(/^-/, '') as keyof typeof sortColumns];
      const direction = descending ? desc : asc;

      const [rows, total] = await Promise.all([
        db
          .select({
            lead: leads,
            status: { id: leadStatuses.id, name: leadStatuses.name, color: leadStatuses.color },
            isFavorite: sql<boolean>`exists (select 1 from ${leadFavorites} where ${leadFavorites.leadId} = ${leads.id} and ${leadFavorites.userId} = ${viewer.id})`,
          })
          .from(leads)
          .leftJoin(leadStatuses, eq(leadStatuses.id, leads.statusId))
          .where(where)
          .orderBy(direction(column), direction(leads.id))
          .limit(params.perPage)
          .offset((params.page - 1) * params.perPage),
        countMatches(where),
      ]);

      const ids = rows.map((r) => r.lead.id);
      const responsible = ids.length
        ? await db
            .select({ leadId: leadUsers.leadId, id: users.id, first_name: users.firstName, name: users.name })
            .from(leadUsers)
            .innerJoin(users, eq(users.id, leadUsers.userId))
            .where(inArray(leadUsers.leadId, ids))
            .orderBy(asc(users.name), asc(users.id))
        : [];

      const data = rows.map(({ lead, status, isFavorite }): LeadListItem => {
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
          status: status && status.id !== null ? status : null,
          responsible: people,
          is_favorite: Boolean(isFavorite),
        };
      });
      return { data, total };
    },

    /** Batch insert for seeds and tests; returns the new ids in input order. */
    async insertMany(items: NewLead[]): Promise<number[]> {
      const ids: number[] = [];
      await db.transaction(async (tx) => {
        for (let start = 0; start < items.length; start += INSERT_BATCH) {
          const batch = items.slice(start, start + INSERT_BATCH);
          const inserted = await tx
            .insert(leads)
            .values(
              batch.map((item) => ({
                surname: item.surname,
                firstname: item.firstname,
                patronymic: item.patronymic ?? '',
                phone: item.phone,
                phoneNormalized: normalizePhone(item.phone),
                statusId: item.statusId ?? null,
                additionalInfo: item.additionalInfo ?? '',
                createdBy: item.createdBy ?? null,
                ...(item.createdAt ? { createdAt: item.createdAt, updatedAt: item.createdAt } : {}),
              })),
            )
            .returning({ id: leads.id });
          const batchIds = inserted.map((r) => r.id);
          const links = batch.flatMap((item, i) => (item.users ?? []).map((userId) => ({ leadId: batchIds[i], userId })));
          if (links.length) await tx.insert(leadUsers).values(links).onConflictDoNothing();
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
