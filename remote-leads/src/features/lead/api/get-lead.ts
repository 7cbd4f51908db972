import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { DataEnvelope, leadDetailSchema } from '@crm/shared/schemas';
import { parseWithSchemas } from '../../../api/parse-with-schemas';

export type LeadResponse = DataEnvelope<typeof leadDetailSchema>;
/**
 * A lead's answer (to a read, a save or a hand-over), parsed as the host parses its own: the shared schema is the
 * contract, not a cast.
 */
export const parseLeadAnswer = parseWithSchemas(({ dataEnvelope, leadDetailSchema }) => dataEnvelope(leadDetailSchema));

export const leadPath = (id: number) => `/leads/${id}`;

export const leadKey = (id: number) => [leadPath(id)] as const;

/** GET /api/leads/{id} (data.data is the lead). */
export async function getLead(id: number): Promise<LeadResponse> {
  return parseLeadAnswer(api.get<unknown>(leadPath(id)));
}

/** The lead for the detail page; null waits (an id that is not a number never reaches the API). */
export function useLead(id: number | null) {
  return useSWR<LeadResponse, ApiError>(id === null ? null : leadKey(id), () => getLead(id!));
}
