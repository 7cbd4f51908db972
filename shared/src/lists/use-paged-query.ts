import useSWR, { type BareFetcher, type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiError } from '../api-client/api-error';
import type { ApiKey } from '../api-client/swr';
import type { PaginationMeta } from '../schemas/envelope';

/** A paginated answer: `{ data, meta }` (`Paginated<typeof itemSchema>` from `@crm/shared/schemas`). */
export type PageAnswer<T> = { data: T[]; meta: PaginationMeta };

/**
 * One page of a server list through SWR. The endpoint's hook passes its key and its own fetcher; `null` waits.
 * While the next page (or filter) loads the previous answer stays on screen (`keepPreviousData`), with `isLoading`
 * true, so the table dims instead of emptying.
 *
 * @example
 * export const useLeads = (query: LeadsRequest | null, config?: SWRConfiguration) =>
 *   usePagedQuery(query && leadsKey(query), ([, q]) => getLeads(q), config);
 */
export function usePagedQuery<K extends ApiKey, A extends PageAnswer<unknown>>(
  key: K | null,
  fetcher: (key: K) => Promise<A>,
  config?: SWRConfiguration<A, ApiError>,
): SWRResponse<A, ApiError> {
  // SWR calls the fetcher with the key only when the key is not null, which its typings cannot tell from `K | null`.
  return useSWR<A, ApiError>(key, fetcher as BareFetcher<A>, { keepPreviousData: true, ...config });
}
