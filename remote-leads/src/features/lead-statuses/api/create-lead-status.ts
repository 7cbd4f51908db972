import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import type { CreateLeadStatusInput, LeadStatus } from '@crm/shared/schemas';
import { isLeadStatusesKey, LEAD_STATUSES_PATH } from './get-lead-statuses';

export function createLeadStatus(input: CreateLeadStatusInput): Promise<{ data: LeadStatus }> {
  return api.post<{ data: LeadStatus }>(LEAD_STATUSES_PATH, input);
}

/** Creates a status, then revalidates every cached status list. */
export function useCreateLeadStatus() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: CreateLeadStatusInput) => {
      const created = await createLeadStatus(input);
      await mutate(isLeadStatusesKey);
      return created.data;
    },
    [mutate],
  );
}
