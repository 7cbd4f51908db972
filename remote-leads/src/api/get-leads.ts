import type { z } from 'zod/mini';
import { api } from '@crm/shared/api-client';
import { usePagedQuery } from '@crm/shared/lists';
import type { LeadListResponse, listLeadsQuerySchema } from '@crm/shared/schemas';
import type { SWRConfiguration } from 'swr';

export const LEADS_PATH = '/leads';

/** What GET /api/leads takes (the API's own querystring schema); what is left out takes the API's default. */
export type LeadsRequest = Partial<z.output<typeof listLeadsQuerySchema>>;

/** The list's filters and sort without paging: what the CSV export and the kanban's columns share with the table. */
export type LeadsFilters = Omit<LeadsRequest, 'page' | 'per_page'>;

/** One page of leads, with the list's own meta (an estimated or capped total, cursors). */
export type LeadsPage = LeadListResponse;

export const leadsKey = (request: LeadsRequest) => [LEADS_PATH, request] as const;

/** Every cached page of leads, whatever its query (the table's pages and the kanban's columns). */
export const isLeadsPageKey = (key: unknown): boolean => Array.isArray(key) && key[0] === LEADS_PATH;

// Typed, not parsed: the leads list's first load carries no classic zod (its 250 KB budget, e2e first-load-budget);
// the detail, the form and the settings pages parse their answers.
/** GET /api/leads: one page of the leads the caller may see. */
export function getLeads(request: LeadsRequest): Promise<LeadsPage> {
  return api.get<LeadsPage>(LEADS_PATH, request);
}

/** One page of leads (null: none); the previous page stays on screen while the next loads. */
export function useLeads(request: LeadsRequest | null, config?: SWRConfiguration<LeadsPage>) {
  return usePagedQuery(request && leadsKey(request), ([, query]) => getLeads(query), config);
}
