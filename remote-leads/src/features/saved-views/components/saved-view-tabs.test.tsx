import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { AbilityRule, SavedView } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { SavedViewTabs } from './saved-view-tabs';

jest.setTimeout(30_000);

const routes: RouteObject[] = [{ path: '/leads/list', element: <SavedViewTabs /> }];

const view = (overrides: Partial<SavedView>): SavedView => ({
  id: 1,
  name: 'Без ответственного',
  query: { no_user: '1', sort: '-created_at', per_page: 25, view: 'table' },
  visibility: 'personal',
  team: null,
  owner: { id: 1, name: 'Анна Смирнова' },
  own: true,
  position: 0,
  version: 3,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const mine = view({});
const shared = view({
  id: 2,
  name: 'Просроченные',
  query: { overdue_tasks: '1', sort: 'surname', per_page: 50, view: 'kanban' },
  visibility: 'team',
  team: { id: 4, name: 'Продажи' },
  owner: { id: 9, name: 'Мария Петрова' },
  own: false,
});

const paramsOf = (router: ReturnType<typeof renderRoutes>['router']) => Object.fromEntries(new URLSearchParams(router.state.location.search));
const OPERATOR: AbilityRule[] = [{ action: 'view', subject: 'lead' }];

describe('SavedViewTabs', () => {
  it('shows "Все лиды" and the views; a tab puts its query in the URL, "Все лиды" clears it', async () => {
    mockFetch({ 'GET /api/saved-views': { body: { data: [mine, shared] } } });
    const { router } = renderRoutes(routes, '/leads/list?search=Иван');
    const tabs = await screen.findByRole('tablist', { name: 'Виды списка' });
    await within(tabs).findByRole('tab', { name: 'Просроченные' });
    expect(within(tabs).getByRole('tab', { name: 'Все лиды' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(within(tabs).getByRole('tab', { name: 'Просроченные' }));
    expect(paramsOf(router)).toEqual({ overdue_tasks: '1', sort: 'surname', per_page: '50', view: 'kanban', saved_view: '2' });
    expect(within(tabs).getByRole('tab', { name: 'Просроченные' })).toHaveAttribute('aria-selected', 'true');
    // A shared view is a query, not a grant: the reader is told so.
    expect(screen.getByText('Вид от Мария Петрова: в нём видны только лиды, доступные вам.')).toBeInTheDocument();
    // Another's view cannot be changed from here.
    expect(screen.queryByRole('button', { name: 'Настройки вида' })).not.toBeInTheDocument();

    await userEvent.click(within(tabs).getByRole('tab', { name: 'Все лиды' }));
    expect(paramsOf(router)).toEqual({});
  });

  it('an opened view whose URL still matches it shows no dot and nothing to save', async () => {
    mockFetch({ 'GET /api/saved-views': { body: { data: [mine] } } });
    renderRoutes(routes, '/leads/list?no_user=1&saved_view=1');
    const tab = await screen.findByRole('tab', { name: 'Без ответственного' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('img', { name: 'изменён' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сохранить изменения' })).not.toBeInTheDocument();
  });

  it('a view changed in the URL shows a dot, and "Сохранить изменения" saves the new query with the version read', async () => {
    const fetch = mockFetch({
      'GET /api/saved-views': { body: { data: [mine] } },
      'PATCH /api/saved-views/1': ({ body }) => ({ body: { data: { ...mine, ...(body as object), version: 4 } } }),
    });
    renderRoutes(routes, '/leads/list?no_user=1&inactive_days=30&saved_view=1');
    expect(await screen.findByRole('img', { name: 'изменён' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    await waitFor(() => expect(requestsTo(fetch, 'PATCH /api/saved-views/1')).toHaveLength(1));
    expect(requestsTo(fetch, 'PATCH /api/saved-views/1')[0].body).toEqual({ version: 3, query: { no_user: '1', inactive_days: '30' } });
  });

  it("a view keeps the table's columns: opened, they go to the URL; hiding another marks it changed; a view without them shows every column", async () => {
    const narrow = view({ id: 5, name: 'Коротко', query: { sort: '-created_at', per_page: 10, view: 'table', columns: 'name,status' } });
    const fetch = mockFetch({
      'GET /api/saved-views': { body: { data: [narrow, mine] } },
      'PATCH /api/saved-views/5': ({ body }) => ({ body: { data: { ...narrow, ...(body as object), version: 4 } } }),
    });
    const { router } = renderRoutes(routes, '/leads/list');
    await userEvent.click(await screen.findByRole('tab', { name: 'Коротко' }));
    expect(paramsOf(router)).toEqual({ per_page: '10', columns: 'name,status', saved_view: '5' });
    expect(screen.queryByRole('img', { name: 'изменён' })).not.toBeInTheDocument();

    // An older view, saved without columns, opens with none in the URL: every column.
    await userEvent.click(screen.getByRole('tab', { name: 'Без ответственного' }));
    expect(paramsOf(router)).toEqual({ no_user: '1', saved_view: '1' });

    await act(() => router.navigate('/leads/list?per_page=10&columns=name&saved_view=5'));
    expect(await screen.findByRole('img', { name: 'изменён' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    await waitFor(() => expect(requestsTo(fetch, 'PATCH /api/saved-views/5')).toHaveLength(1));
    expect(requestsTo(fetch, 'PATCH /api/saved-views/5')[0].body).toEqual({ version: 3, query: { per_page: '10', columns: 'name' } });
  });

  it('"Сохранить вид" saves the current filters under a name and opens the new tab; an Operator is not offered sharing', async () => {
    const created = view({ id: 5, name: 'Тихие', query: { inactive_days: 30, sort: '-created_at', per_page: 25, view: 'table' } });
    const fetch = mockFetch({
      'GET /api/saved-views': { body: { data: [] } },
      'POST /api/saved-views': { status: 201, body: { data: created } },
    });
    const { router } = renderRoutes(routes, '/leads/list?inactive_days=30&page=3', OPERATOR);
    await userEvent.click(await screen.findByRole('button', { name: 'Сохранить вид' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сохранить вид' });
    expect(within(dialog).queryByText('Кто видит')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Название'), 'Тихие');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(requestsTo(fetch, 'POST /api/saved-views')).toHaveLength(1));
    // The page is where the reader is, not part of the view.
    expect(requestsTo(fetch, 'POST /api/saved-views')[0].body).toEqual({ name: 'Тихие', visibility: 'personal', team_id: null, query: { inactive_days: '30' } });
    await waitFor(() => expect(paramsOf(router)).toEqual({ inactive_days: '30', saved_view: '5' }));
  });

  it('shows the API\'s message under the field it is about', async () => {
    mockFetch({
      'GET /api/saved-views': { body: { data: [] } },
      'POST /api/saved-views': { status: 422, body: { message: 'The given data was invalid.', code: 'VALIDATION_FAILED', errors: { name: ['Вид с таким названием у вас уже есть'] } } },
    });
    renderRoutes(routes, '/leads/list', OPERATOR);
    await userEvent.click(await screen.findByRole('button', { name: 'Сохранить вид' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сохранить вид' });
    await userEvent.type(within(dialog).getByLabelText('Название'), 'Дубль');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Вид с таким названием у вас уже есть')).toBeInTheDocument();
  });
});
