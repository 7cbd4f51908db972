import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { LeadListItem } from '@crm/shared/schemas';

/** GET /api/leads?search=…: up to 10 leads the caller may see, found by the list's own search. */
export async function getMergeCandidates(search: string): Promise<LeadListItem[]> {
  return (await api.get<{ data: LeadListItem[] }>('/leads', { search, per_page: 10 })).data;
}

/** The leads to pick the other side of a merge from; nothing until two characters are typed. */
export function useMergeCandidates(search: string) {
  const term = search.trim();
  return useSWR<LeadListItem[], ApiError>(term.length >= 2 ? ['/leads', { search: term, per_page: 10 }, 'merge'] : null, () => getMergeCandidates(term), {
    keepPreviousData: true,
  });
}
