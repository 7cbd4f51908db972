import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@crm/shared/router/testing';
import { z } from 'zod/mini';
import { listLeadsQuerySchema } from '@crm/shared/schemas/mini';
import { useListQuery, type ListQuery } from './use-list-query';

// The leads list's URL state: the API's querystring plus a view the API never sees.
const schema = z.extend(listLeadsQuerySchema, { view: z._default(z.enum(['table', 'kanban']), 'table') });
type Query = z.output<typeof schema>;

function setup(url: string) {
  const seen: { current: ListQuery<Query> | null } = { current: null };
  function Harness() {
    seen.current = useListQuery(schema, { keepPage: ['view'] });
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Harness /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return {
    router,
    list: () => seen.current!,
    params: () => Object.fromEntries(new URLSearchParams(router.state.location.search)),
  };
}

describe('useListQuery', () => {
  it('reads page, size, search, filters and sort from the URL through the API schema', () => {
    const { list } = setup('/list?page=2&per_page=10&search=Иван&status_id=3&user_id=5&favorite=1&sort=phone&view=kanban');
    expect(list().query).toEqual({
      page: 2,
      per_page: 10,
      search: 'Иван',
      status_id: 3,
      user_id: 5,
      favorite: '1',
      sort: 'phone',
      view: 'kanban',
    });
  });

  it('falls back to the defaults for every value the API would refuse, instead of asking for a 422', () => {
    const { list } = setup('/list?page=0&per_page=7&sort=password&status_id=abc&user_id=-2&favorite=yes&view=grid');
    expect(list().query).toEqual({ page: 1, per_page: 25, sort: '-created_at', view: 'table' });
    expect(list().query).toEqual(list().defaults);
  });

  it('composes two updates made in one event', () => {
    const { list, params } = setup('/list');
    act(() => {
      list().update({ status_id: 3 });
      list().update({ sort: 'phone' });
    });
    expect(params()).toEqual({ status_id: '3', sort: 'phone' });
    expect(list().query).toMatchObject({ status_id: 3, sort: 'phone', page: 1 });
  });

  it('goes back to page 1 when a filter, the size or the sort changes, but not for the page or a keepPage field', () => {
    const { list, params } = setup('/list?page=3&sort=phone');
    act(() => list().update({ view: 'kanban' }));
    expect(params()).toEqual({ page: '3', sort: 'phone', view: 'kanban' });
    act(() => list().update({ page: 4 }));
    expect(params()).toEqual({ page: '4', sort: 'phone', view: 'kanban' });
    act(() => list().update({ favorite: '1' }));
    expect(params()).toEqual({ sort: 'phone', view: 'kanban', favorite: '1' });
    act(() => list().update({ page: 2 }));
    act(() => list().update({ per_page: 50 }));
    expect(params()).toEqual({ per_page: '50', sort: 'phone', view: 'kanban', favorite: '1' });
  });

  it('leaves defaults out of the URL and puts a field back to its default with undefined', () => {
    const { list, params } = setup('/list?status_id=3&sort=phone');
    act(() => list().update({ status_id: undefined, sort: undefined, search: '' }));
    expect(params()).toEqual({});
    expect(list().query.sort).toBe('-created_at');
  });

  it('keeps the URL parameters the schema does not know, and replaces the history entry on request', () => {
    const { list, router } = setup('/list?tab=notes');
    act(() => list().update({ search: 'Пет' }, { replace: true }));
    expect(router.state.location.search).toBe('?tab=notes&search=%D0%9F%D0%B5%D1%82');
    expect(router.state.historyAction).toBe('REPLACE');
    act(() => list().update({ status_id: 1 }));
    expect(router.state.historyAction).toBe('PUSH');
  });

  it("gives DataTable its paging props; the table's size-then-page-1 pair composes", () => {
    const { list, params } = setup('/list?page=3');
    const meta = { current_page: 3, per_page: 25, total: 120, last_page: 5 };
    expect(list().tableProps(meta)).toMatchObject({ page: 3, perPage: 25, sort: '-created_at', total: 120, lastPage: 5 });
    expect(list().tableProps(undefined)).toMatchObject({ total: 0, lastPage: 1 });

    act(() => {
      const table = list().tableProps(meta);
      table.onPerPageChange(50);
      table.onPageChange(1);
    });
    expect(params()).toEqual({ per_page: '50' });
    act(() => list().tableProps(meta).onSortChange('surname'));
    expect(params()).toEqual({ per_page: '50', sort: 'surname' });
    // DataTable's third click on a header clears the sort: the list goes back to its default order.
    act(() => list().tableProps(meta).onSortChange(undefined));
    expect(params()).toEqual({ per_page: '50' });
  });
});
