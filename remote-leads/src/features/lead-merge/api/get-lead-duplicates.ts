import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { leadDuplicatesResponseSchema, type LeadDuplicatesResponse } from '@crm/shared/schemas';

export const LEAD_DUPLICATES_PATH = '/leads/duplicates';

/** GET /api/leads/duplicates: one page of groups of possible duplicates (Admins and Managers: edit and delete lead). */
export function useLeadDuplicates(page: number, perPage = 20) {
  return useSWR<LeadDuplicatesResponse, ApiError>([LEAD_DUPLICATES_PATH, { page, per_page: perPage }], async () =>
    leadDuplicatesResponseSchema.parse(await api.get<unknown>(LEAD_DUPLICATES_PATH, { page, per_page: perPage })),
  { keepPreviousData: true });
}
