import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { DataListEnvelope, leadAssigneeSchema, ListLeadAssigneesQuery } from '@crm/shared/schemas';
import { parseWithSchemas } from '../../../api/parse-with-schemas';

export const LEAD_ASSIGNEES_PATH = '/leads/assignees';

export type LeadAssigneesResponse = DataListEnvelope<typeof leadAssigneeSchema>;

export const leadAssigneesKey = (query: ListLeadAssigneesQuery) => [LEAD_ASSIGNEES_PATH, query] as const;

const parseLeadAssigneesAnswer = parseWithSchemas(({ dataEnvelope, leadAssigneeSchema }) => dataEnvelope(leadAssigneeSchema.array()));

/** GET /api/leads/assignees?search=: whom a lead can be handed over to (needs `assign lead`, as the hand-over does). */
export async function getLeadAssignees(query: ListLeadAssigneesQuery): Promise<LeadAssigneesResponse> {
  return parseLeadAssigneesAnswer(api.get<unknown>(LEAD_ASSIGNEES_PATH, query.search ? { search: query.search } : {}));
}

/** The share dialog's users; `enabled: false` (the dialog is closed) asks for nothing. Keeps the last list while a search loads. */
export function useLeadAssignees(query: ListLeadAssigneesQuery, enabled = true) {
  return useSWR<LeadAssigneesResponse, ApiError>(enabled ? leadAssigneesKey(query) : null, ([, q]: ReturnType<typeof leadAssigneesKey>) => getLeadAssignees(q), {
    keepPreviousData: true,
  });
}
