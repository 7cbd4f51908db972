import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { isLeadsKey } from '../api/get-lead';

/** Refreshes every cached leads read (the list under any filter, the lead, its comments and history) after a write. */
export function useRevalidateLeads(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    void mutate(isLeadsKey);
  }, [mutate]);
}
