import { act, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { PaginationMeta } from '@crm/shared/schemas/mini';
import { usePagedQuery } from './use-paged-query';

type Row = { id: number };
type PageAnswer = { data: Row[]; meta: PaginationMeta };
type Key = readonly ['/things', { page: number }];

const meta = (page: number): PaginationMeta => ({ current_page: page, per_page: 2, total: 6, last_page: 3 });

function deferred() {
  let resolve!: (answer: PageAnswer) => void;
  const promise = new Promise<PageAnswer>((r) => (resolve = r));
  return { promise, resolve };
}

function setup() {
  const pending = new Map<number, ReturnType<typeof deferred>>();
  const fetcher = jest.fn(([, query]: Key) => {
    const next = deferred();
    pending.set(query.page, next);
    return next.promise;
  });
  function Things({ page }: { page: number | null }) {
    const { data, isLoading } = usePagedQuery(page === null ? null : (['/things', { page }] as const), fetcher);
    return (
      <p>
        {isLoading ? 'loading ' : ''}
        {data ? `page ${data.meta.current_page}: ${data.data.map((row) => row.id).join(',')}` : 'nothing'}
      </p>
    );
  }
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <Things page={1} />
    </SWRConfig>,
  );
  const show = (page: number | null) =>
    view.rerender(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <Things page={page} />
      </SWRConfig>,
    );
  return { fetcher, pending, show };
}

describe('usePagedQuery', () => {
  it('hands its fetcher the key and keeps the previous page on screen while the next one loads', async () => {
    const { fetcher, pending, show } = setup();
    expect(screen.getByText('loading nothing')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledWith(['/things', { page: 1 }]);
    await act(async () => pending.get(1)!.resolve({ data: [{ id: 1 }, { id: 2 }], meta: meta(1) }));
    expect(screen.getByText('page 1: 1,2')).toBeInTheDocument();

    show(2);
    // Still page 1's rows, marked as loading, instead of an empty table.
    expect(screen.getByText('loading page 1: 1,2')).toBeInTheDocument();
    await act(async () => pending.get(2)!.resolve({ data: [{ id: 3 }, { id: 4 }], meta: meta(2) }));
    expect(screen.getByText('page 2: 3,4')).toBeInTheDocument();
  });

  it('asks for nothing while the key is null', () => {
    const { fetcher, show } = setup();
    fetcher.mockClear();
    show(null);
    expect(fetcher).not.toHaveBeenCalled();
  });
});
