import { api, useApi } from '@crm/shared/api-client';
import type { LeadListItem, PaginationMeta } from '@crm/shared/schemas';
import type { LeadsQuery } from '../utils/parse-leads-query';

export const LEADS_PATH = '/leads';

export type LeadsResponse = { data: LeadListItem[]; meta: PaginationMeta };

export function getLeads(query: LeadsQuery): Promise<LeadsResponse> {
  return api.get<LeadsResponse>(LEADS_PATH, query);
}

/** One page of leads; the previous page stays on screen while the next one loads. */
export function useLeads(query: LeadsQuery) {
  return useApi<LeadsResponse>(LEADS_PATH, query, { keepPreviousData: true });
}
