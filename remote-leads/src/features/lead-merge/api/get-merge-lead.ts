import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { dataEnvelope, leadDetailSchema, type LeadDetail } from '@crm/shared/schemas';

const leadAnswer = dataEnvelope(leadDetailSchema);

/** GET /api/leads/{id}: one side of the merge dialog, with the version the merge sends back. */
export async function getMergeLead(id: number): Promise<LeadDetail> {
  return leadAnswer.parse(await api.get<unknown>(`/leads/${id}`)).data;
}

/** The lead for the merge dialog (null waits); not refetched on focus, so the choices stay on what was shown. */
export function useMergeLead(id: number | null) {
  return useSWR<LeadDetail, ApiError>(id === null ? null : [`/leads/${id}`, 'merge'], () => getMergeLead(id!), { revalidateOnFocus: false });
}
