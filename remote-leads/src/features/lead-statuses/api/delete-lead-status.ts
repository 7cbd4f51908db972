import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import { isLeadStatusesKey, LEAD_STATUSES_PATH } from './get-lead-statuses';

/** Answers 409 `STATUS_IN_USE` while leads still carry the status; the ApiError's message says so. */
export function deleteLeadStatus(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`${LEAD_STATUSES_PATH}/${id}/delete`);
}

export function useDeleteLeadStatus() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number) => {
      const answer = await deleteLeadStatus(id);
      await mutate(isLeadStatusesKey);
      return answer;
    },
    [mutate],
  );
}
