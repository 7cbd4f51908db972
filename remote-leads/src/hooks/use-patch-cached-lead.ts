import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { LeadListItem } from '@crm/shared/schemas';
import { isLeadsPageKey, type LeadsPage } from '../api/get-leads';

/** Changes a lead where it is shown; answers the lead as it was (on the first page holding it), for a rollback. */
export type PatchCachedLead = (leadId: number, build: (lead: LeadListItem) => Partial<LeadListItem>) => LeadListItem | undefined;

/**
 * Writes a change of one lead into every cached page that shows it (table pages, kanban columns) without refetching,
 * so the row neither moves away under the pointer nor waits for the server. Pages still loading are left alone:
 * writing one would make SWR drop the answer it awaits.
 */
export function usePatchCachedLead(): PatchCachedLead {
  const { cache, mutate } = useSWRConfig();
  return useCallback(
    (leadId, build) => {
      // SWR keeps each entry's original key as `_k` (what `mutate(filter)` is given), untyped in its state.
      const holding = new Set<unknown>();
      let before: LeadListItem | undefined;
      for (const serialized of cache.keys()) {
        const state = cache.get(serialized) as { _k?: unknown; data?: unknown } | undefined;
        if (!isLeadsPageKey(state?._k)) continue;
        const lead = (state?.data as LeadsPage | undefined)?.data.find((row) => row.id === leadId);
        if (!lead) continue;
        holding.add(state?._k);
        before ??= lead;
      }
      void mutate(
        (key) => holding.has(key),
        (page: LeadsPage | undefined) =>
          page && { ...page, data: page.data.map((lead) => (lead.id === leadId ? { ...lead, ...build(lead) } : lead)) },
        { revalidate: false },
      );
      return before;
    },
    [cache, mutate],
  );
}
