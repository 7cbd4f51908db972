import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiKeysUnder } from '@crm/shared/api-client';
import { LEADS_PATH } from '../api/get-leads';

/** Refreshes every cached leads read after a write: list pages and kanban columns, a lead, its comments and history. */
export function useRevalidateLeads(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    void mutate(apiKeysUnder(LEADS_PATH));
  }, [mutate]);
}
