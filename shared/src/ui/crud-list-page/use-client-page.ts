import { useState } from 'react';
import { DEFAULT_PER_PAGE } from '@crm/shared/schemas/mini';

export interface ClientPage<T> {
  /** The rows of the current page. */
  rows: T[];
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
}

/**
 * Pages a list the API answers whole (allowed IPs, permissions…) for `DataTable`. Only for those: a list the server
 * pages keeps its page and size in the URL through `useListQuery` (`@crm/shared/lists`). The page is clamped, so deleting the last row of the last page shows the page before.
 */
export function useClientPage<T>(all: readonly T[], initialPerPage: number = DEFAULT_PER_PAGE): ClientPage<T> {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(initialPerPage);
  const total = all.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(page, lastPage);
  return {
    rows: all.slice((current - 1) * perPage, current * perPage),
    page: current,
    perPage,
    total,
    lastPage,
    onPageChange: setPage,
    onPerPageChange: (size) => {
      setPerPage(size);
      setPage(1);
    },
  };
}
