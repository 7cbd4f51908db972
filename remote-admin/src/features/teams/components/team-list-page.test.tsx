import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { TeamListPage } from './team-list-page';

const north = {
  id: 1,
  name: 'Север',
  description: 'Продажи на севере',
  lead: null,
  members: [],
  members_count: 0,
  version: 1,
  created_at: '2026-01-01T00:00:00Z',
};

function mockApi() {
  return mockFetch({
    'GET /api/teams': ({ url }) => ({
      body: { data: [north], meta: { current_page: Number(url.searchParams.get('page') ?? 1), per_page: 50, total: 500, last_page: 10 } },
    }),
  });
}

const search = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);

describe('TeamListPage', () => {
  it('opens the page, size and search a link gives, as a reload does', async () => {
    const fetch = mockApi();
    renderRoutes([{ path: '/team', element: <TeamListPage /> }], '/team?page=3&per_page=50&q=Сев');
    await screen.findByText('Север');
    const asked = requestsTo(fetch, 'GET /api/teams')[0].url.searchParams;
    expect([asked.get('page'), asked.get('per_page'), asked.get('q')]).toEqual(['3', '50', 'Сев']);
    expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('Сев');
  });

  it('writes paging and the search into the URL, a new search going back to page 1', async () => {
    const fetch = mockApi();
    const { router } = renderRoutes([{ path: '/team', element: <TeamListPage /> }], '/team');
    await screen.findByText('Север');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Следующая страница' }));
    await waitFor(() => expect(search(router).get('page')).toBe('2'));
    await waitFor(() => expect(requestsTo(fetch, 'GET /api/teams').at(-1)!.url.searchParams.get('page')).toBe('2'));

    await user.type(screen.getByRole('searchbox', { name: 'Поиск' }), 'Юг ');
    await waitFor(() => expect(search(router).get('q')).toBe('Юг'));
    expect(search(router).get('page')).toBeNull();
    // The typed trailing space stays in the field while the URL keeps the search trimmed.
    expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('Юг ');
  });
});
