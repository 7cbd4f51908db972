import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiKeysUnder } from '@crm/shared/api-client';

/**
 * Refreshes the cached reads of one lead after a comment changes: its comments, and whatever else lives under
 * /leads/{id} (the history records comments too).
 */
export function useRevalidateLead(leadId: number): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    void mutate(apiKeysUnder(`/leads/${leadId}`));
  }, [leadId, mutate]);
}
