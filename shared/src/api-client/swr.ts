import { api, type QueryParams } from './api-client';

/**
 * SWR key of an API read: the path relative to `/api`, with its query when it has one. Endpoint files build their
 * keys in this shape (`['/leads', query]`, `['/lead-status']`) so `apiKeysUnder` can find them for revalidation.
 */
export type ApiKey = string | readonly [path: string, query?: QueryParams];

/**
 * The SWRConfig-wide fallback fetcher for `ApiKey`s (GET through the API client). Endpoint hooks pass their own
 * fetcher; this only serves a `useSWR(key)` written without one.
 */
export function fetcher<T = unknown>(key: ApiKey): Promise<T> {
  if (typeof key === 'string') return api.get<T>(key);
  const [path, query] = key;
  return api.get<T>(path, query);
}

/**
 * A key filter for SWR's `mutate(filter)`: matches every cached read of `path` whatever its query, and of the paths
 * below it unless `exact` (`apiKeysUnder('/leads')` reaches every list page, `/leads/7` and `/leads/7/history`).
 */
export function apiKeysUnder(path: string, options: { exact?: boolean } = {}): (key: unknown) => boolean {
  return (key) => {
    const keyPath = typeof key === 'string' ? key : Array.isArray(key) ? key[0] : undefined;
    if (typeof keyPath !== 'string') return false;
    return keyPath === path || (!options.exact && keyPath.startsWith(`${path}/`));
  };
}
