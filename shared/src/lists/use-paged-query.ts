import useSWR, { type BareFetcher, type SWRConfiguration, type SWRResponse } from 'swr';
import type { z } from 'zod/mini';
import type { ApiError, ApiKey } from '@crm/shared/api-client';
import type { Paginated } from '@crm/shared/schemas/mini';

/**
 * One page of a server list (`Paginated<typeof itemSchema>`: `{ data, meta }`) through SWR. The endpoint's hook
 * passes its key and its own fetcher; a null key waits. While the next page (or filter) loads, the previous answer
 * stays on screen (`keepPreviousData`) with `isLoading` true, so the table dims instead of emptying.
 *
 * @example
 * export const leadsKey = (request: LeadsRequest) => ['/leads', request] as const;
 * export const useLeads = (request: LeadsRequest | null) => usePagedQuery(request && leadsKey(request), ([, q]) => getLeads(q));
 */
export function usePagedQuery<K extends ApiKey, A extends Paginated<z.core.SomeType>>(
  key: K | null,
  fetcher: (key: K) => Promise<A>,
  config?: SWRConfiguration<A, ApiError>,
): SWRResponse<A, ApiError> {
  // SWR calls the fetcher with the key only when the key is not null, which its typings cannot tell from `K | null`.
  return useSWR<A, ApiError>(key, fetcher as BareFetcher<A>, { keepPreviousData: true, ...config });
}
