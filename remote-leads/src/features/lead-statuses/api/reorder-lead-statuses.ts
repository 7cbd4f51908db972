import { useCallback } from 'react';
import { api } from '@crm/shared/api-client';
import type { DataListEnvelope, LeadStatus, leadStatusSchema } from '@crm/shared/schemas';
import { LEAD_STATUSES_PATH, useLeadStatuses } from './get-lead-statuses';
import { leadStatusesResponseSchema } from './lead-status-answers';

/** Sends every status id in the new order; the server renumbers the positions. */
export async function reorderLeadStatuses(ids: number[]): Promise<DataListEnvelope<typeof leadStatusSchema>> {
  return leadStatusesResponseSchema.parse(await api.post<unknown>(`${LEAD_STATUSES_PATH}/reorder`, { ids }));
}

/**
 * Shows the new order at once (positions renumbered from 1), puts the old order back if the server
 * refuses (the ApiError is rethrown), and revalidates either way.
 */
export function useReorderLeadStatuses() {
  const { mutate } = useLeadStatuses();
  return useCallback(
    async (ordered: readonly LeadStatus[]) => {
      const optimistic = { data: ordered.map((status, index) => ({ ...status, position: index + 1 })) };
      await mutate(
        async () => {
          await reorderLeadStatuses(ordered.map((status) => status.id));
          return optimistic;
        },
        { optimisticData: optimistic, rollbackOnError: true, populateCache: false },
      );
    },
    [mutate],
  );
}
