import { and, eq, exists, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { type LeadStatusFilter, NO_STATUS } from '@crm/shared/schemas';
import type { Database } from '../../db/client';
import { leadFavorites } from '../../db/schema/lead-favorites';
import { leads } from '../../db/schema/leads';
import { phoneSearchVariants } from '../../lib/phone';
import { assignedTo, type LeadScopeHelper, type LeadViewer, scopeCandidates, scopeCondition } from '../lead-scope';

/** The list's filters; CSV export takes the same ones. */
export interface LeadListFilters {
  search?: string;
  /** A status, or NO_STATUS for the leads without one. */
  statusId?: LeadStatusFilter;
  userId?: number;
  favoriteOnly: boolean;
  /** Created from this day to that day, both included (`YYYY-MM-DD`), cut in `timeZone` (docs/decisions/076). */
  /** Created by or assigned to a member of this team (the dashboard's team filter, docs/decisions/076). */
  teamId?: number;
  createdFrom?: string;
  createdTo?: string;
  timeZone?: string;
}

/** The created-day range as a condition on the lead's row, so the (created_at, id) index serves it. */
function createdCondition({ createdFrom, createdTo, timeZone = 'UTC' }: LeadListFilters): SQL | undefined {
  return and(
    createdFrom === undefined ? undefined : sql`${leads.createdAt} >= (${createdFrom}::date)::timestamp at time zone ${timeZone}`,
    createdTo === undefined ? undefined : sql`${leads.createdAt} < ((${createdTo}::date) + 1)::timestamp at time zone ${timeZone}`,
  );
}

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

/**
 * The list's conditions taken apart, for the count (lead-count.ts) to start from the smallest set it can: whose leads
 * the viewer may see, the conditions on the lead's own row (search, status, created days), and the responsible-user and favourites
 * filters, which live in their own tables.
 */
export interface LeadFilterParts {
  /** Leads created by or assigned to one of these users (own and team scopes); undefined: every lead. */
  scopeUsers: number[] | undefined;
  /** Search and status: conditions on the `leads` row. */
  row: SQL | undefined;
  /** Leads this user is responsible for (the user filter). */
  userId: number | undefined;
  /** Leads this user starred (the favourites filter: the viewer). */
  favoriteOf: number | undefined;
}

/** Leads `userId` starred. */
export const starredBy = (db: Database, userId: number): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(leadFavorites)
      .where(and(eq(leadFavorites.leadId, leads.id), eq(leadFavorites.userId, userId))),
  );

export async function leadFilterParts(
  scope: LeadScopeHelper,
  filters: LeadListFilters,
  viewer: LeadViewer,
): Promise<LeadFilterParts> {
  return {
    scopeUsers: await scope.scopeUsers(viewer),
    row: and(
      filters.teamId === undefined ? undefined : await scope.teamCondition(filters.teamId),
      filters.search ? searchCondition(filters.search) : undefined,
      filters.statusId === NO_STATUS
        ? isNull(leads.statusId)
        : filters.statusId !== undefined
          ? eq(leads.statusId, filters.statusId)
          : undefined,
      createdCondition(filters),
    ),
    userId: filters.userId,
    favoriteOf: filters.favoriteOnly ? viewer.id : undefined,
  };
}

/**
 * The parts as one WHERE on `leads`. `scopeAs: 'candidates'` writes the scope as a set of ids (`scopeCandidates`),
 * for a list whose count showed few matches.
 */
export function leadPartsCondition(db: Database, parts: LeadFilterParts, { scopeAs = 'or' }: { scopeAs?: 'or' | 'candidates' } = {}): SQL | undefined {
  return and(
    scopeAs === 'candidates' && parts.scopeUsers !== undefined ? scopeCandidates(db, parts.scopeUsers) : scopeCondition(db, parts.scopeUsers),
    parts.row,
    parts.userId !== undefined ? assignedTo(db, parts.userId) : undefined,
    parts.favoriteOf !== undefined ? starredBy(db, parts.favoriteOf) : undefined,
  );
}

/** The WHERE of the list and of the export: the viewer's scope and the chosen filters. */
export async function leadFilterCondition(
  db: Database,
  scope: LeadScopeHelper,
  filters: LeadListFilters,
  viewer: LeadViewer,
): Promise<SQL | undefined> {
  return leadPartsCondition(db, await leadFilterParts(scope, filters, viewer));
}
