import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * Refreshes the cached reads of one lead after a comment changes: its comments, and whatever else lives under
 * /leads/{id} (the history records comments too).
 */
export function useRevalidateLead(leadId: number): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    const own = `/leads/${leadId}`;
    void mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && (key[0] === own || key[0].startsWith(`${own}/`)));
  }, [leadId, mutate]);
}
