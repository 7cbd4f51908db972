import { api, useApi } from '@crm/shared/api-client';
import type { LeadDetail } from '@crm/shared/schemas';

export type LeadResponse = { data: LeadDetail };

export const leadPath = (id: number) => `/leads/${id}`;

/** GET /api/leads/{id} (§7: data.data is the lead). */
export function getLead(id: number): Promise<LeadResponse> {
  return api.get<LeadResponse>(leadPath(id));
}

/** The lead for the detail page; null waits (an id that is not a number never reaches the API). */
export function useLead(id: number | null) {
  return useApi<LeadResponse>(id === null ? null : leadPath(id));
}

// Every cached read under /leads (the list with any query, a lead, its comments and history): what a write must refresh.
export const isLeadsKey = (key: unknown): boolean =>
  Array.isArray(key) && typeof key[0] === 'string' && (key[0] === '/leads' || key[0].startsWith('/leads/'));
