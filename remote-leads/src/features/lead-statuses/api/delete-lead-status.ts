import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import { type MessageAnswer, messageSchema } from '@crm/shared/schemas';
import { LEAD_STATUSES_PATH, leadStatusesKey } from './get-lead-statuses';

/**
 * Deletes a status. While leads carry it the server answers 409 `STATUS_IN_USE`, unless `replacementId`
 * names the status those leads move to first.
 */
export async function deleteLeadStatus(id: number, replacementId?: number): Promise<MessageAnswer> {
  const query = replacementId === undefined ? '' : `?${new URLSearchParams({ replacement_id: String(replacementId) })}`;
  return messageSchema.parse(await api.delete<unknown>(`${LEAD_STATUSES_PATH}/${id}/delete${query}`));
}

export function useDeleteLeadStatus() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number, replacementId?: number) => {
      const answer = await deleteLeadStatus(id, replacementId);
      await mutate(leadStatusesKey);
      return answer;
    },
    [mutate],
  );
}
