import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import type { CreateLeadStatusInput, DataEnvelope, leadStatusSchema } from '@crm/shared/schemas';
import { LEAD_STATUSES_PATH, leadStatusesKey } from './get-lead-statuses';
import { leadStatusResponseSchema } from './lead-status-answers';

export async function createLeadStatus(input: CreateLeadStatusInput): Promise<DataEnvelope<typeof leadStatusSchema>> {
  return leadStatusResponseSchema.parse(await api.post<unknown>(LEAD_STATUSES_PATH, input));
}

/** Creates a status, then revalidates every cached status list. */
export function useCreateLeadStatus() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: CreateLeadStatusInput) => {
      const created = await createLeadStatus(input);
      await mutate(leadStatusesKey);
      return created.data;
    },
    [mutate],
  );
}
