import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseLeadsQuery, toLeadsSearchParams, type LeadsQuery } from '../utils/parse-leads-query';

export interface UseLeadsQueryResult {
  query: LeadsQuery;
  /** Merges a change into the URL; a change of filter, size or sort returns to page 1 (the page and the view keep it). */
  update: (patch: Partial<LeadsQuery>, options?: { replace?: boolean }) => void;
}

/** The list's page, page size, search, filters, sort and view, kept in the URL so they survive a reload and can be shared. */
export function useLeadsQuery(): UseLeadsQueryResult {
  const [params, setParams] = useSearchParams();
  // The router memoises `params` on the location's search string, so this reparses only when the URL changes.
  const query = useMemo(() => parseLeadsQuery(params), [params]);

  // Two updates in one event (the table sets the page size, then page 1) must compose; the router's
  // functional update would hand both the same rendered params, so we remember what we wrote last.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const update = useCallback<UseLeadsQueryResult['update']>(
    (patch, options) => {
      const next = { ...parseLeadsQuery(latest.current), ...patch };
      if (!('page' in patch) && Object.keys(patch).some((key) => key !== 'view')) next.page = 1;
      latest.current = toLeadsSearchParams(next);
      setParams(latest.current, { replace: options?.replace });
    },
    [setParams],
  );

  return { query, update };
}
