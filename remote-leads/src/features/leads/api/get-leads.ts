import { api, useApi } from '@crm/shared/api-client';
import type { LeadListItem, PaginationMeta } from '@crm/shared/schemas';
import type { LeadsFilters } from '../utils/parse-leads-query';

export const LEADS_PATH = '/leads';

export type LeadsPageQuery = LeadsFilters & { page: number; per_page: number };

export type LeadsResponse = { data: LeadListItem[]; meta: PaginationMeta };

export function getLeads(query: LeadsPageQuery): Promise<LeadsResponse> {
  return api.get<LeadsResponse>(LEADS_PATH, query);
}

/** One page of leads (null: none, e.g. while the kanban shows); the previous page stays on screen while the next loads. */
export function useLeads(query: LeadsPageQuery | null) {
  return useApi<LeadsResponse>(query ? LEADS_PATH : null, query ?? undefined, { keepPreviousData: true });
}

// Matches every cached page of the list (and the kanban's columns), whatever query it was read with.
export const isLeadsKey = (key: unknown): boolean => Array.isArray(key) && key[0] === LEADS_PATH;
