import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { dataEnvelope, leadDetailSchema, type LeadDetail, type LeadListItem } from '@crm/shared/schemas';

const leadAnswer = dataEnvelope(leadDetailSchema);

/** GET /api/leads/{id}, under the key the lead's detail page uses, so both share one cached read. */
export function useMergeLead(id: number | null) {
  return useSWR<LeadDetail, ApiError>(id === null ? null : [`/leads/${id}`, 'merge'], async () => leadAnswer.parse(await api.get<unknown>(`/leads/${id}`)).data, {
    revalidateOnFocus: false,
  });
}

/** Up to 10 leads the caller may see matching `search` (the list's own search), to pick the lead to merge with. */
export function useMergeCandidates(search: string) {
  const term = search.trim();
  return useSWR<LeadListItem[], ApiError>(term.length >= 2 ? ['/leads', { search: term, per_page: 10, merge: true }] : null, async () =>
    (await api.get<{ data: LeadListItem[] }>('/leads', { search: term, per_page: 10 })).data,
  { keepPreviousData: true });
}
