import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { api, type QueryParams } from './api-client';
import type { ApiError } from './api-error';

/** SWR key of an API read: the path relative to `/api` and its query. */
export type ApiKey = string | readonly [path: string, query?: QueryParams];

/** SWR fetcher for keys `'/path'` or `['/path', query]`: GETs through the API client. */
export function fetcher<T = unknown>(key: ApiKey): Promise<T> {
  if (typeof key === 'string') return api.get<T>(key);
  const [path, query] = key;
  return api.get<T>(path, query);
}

/**
 * Reads `path` (relative to `/api`) with SWR; pass null to wait (conditional fetching).
 * The key is `['/path', query]`, so `mutate(['/lead-status', undefined])`-style revalidation can target it;
 * prefer `mutate((key) => Array.isArray(key) && key[0] === '/lead-status')` to reach every query of a path.
 */
export function useApi<T>(
  path: string | null,
  query?: QueryParams,
  config?: SWRConfiguration<T, ApiError>,
): SWRResponse<T, ApiError> {
  return useSWR<T, ApiError, readonly [string, QueryParams | undefined] | null>(
    path === null ? null : [path, query],
    ([p, q]) => api.get<T>(p, q),
    config,
  );
}
