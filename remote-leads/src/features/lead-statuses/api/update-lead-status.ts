import { useCallback } from 'react';
import { api } from '@crm/shared/api-client';
import type { DataEnvelope, leadStatusSchema, UpdateLeadStatusInput } from '@crm/shared/schemas';
import { LEAD_STATUSES_PATH, useLeadStatuses, type LeadStatusesResponse } from './get-lead-statuses';
import { leadStatusResponseSchema } from './lead-status-answers';

export async function updateLeadStatus(id: number, input: UpdateLeadStatusInput): Promise<DataEnvelope<typeof leadStatusSchema>> {
  return leadStatusResponseSchema.parse(await api.put<unknown>(`${LEAD_STATUSES_PATH}/${id}`, input));
}

/**
 * Renames or recolours a status. The list shows the change at once and goes back if the server refuses
 * (the ApiError is rethrown for the caller to show); either way it revalidates.
 */
export function useUpdateLeadStatus() {
  const { mutate } = useLeadStatuses();
  return useCallback(
    async (id: number, input: UpdateLeadStatusInput) => {
      const apply = (current: LeadStatusesResponse | undefined) =>
        current && { data: current.data.map((status) => (status.id === id ? { ...status, ...input } : status)) };
      await mutate(
        async (current) => {
          await updateLeadStatus(id, input);
          return apply(current);
        },
        { optimisticData: (current) => apply(current) as LeadStatusesResponse, rollbackOnError: true, populateCache: false },
      );
    },
    [mutate],
  );
}
