import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { AbilityRule, LeadListItem, LeadStatus, ListedUser } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo, type MockRequest } from '@crm/shared/testing';
import { UNDO_DELETE_MS } from '@crm/shared/ui';
import { LeadsListPage } from './leads-list-page';

// The selects and user-event are slow in jsdom, and the machine runs other suites alongside.
jest.setTimeout(30_000);

const statuses: LeadStatus[] = [
  { id: 1, name: 'Новый', color: '#00CFE8', position: 1 },
  { id: 3, name: 'В работе', color: '#FF9F43', position: 2 },
];

const routes: RouteObject[] = [
  { path: '/leads/list', element: <LeadsListPage statuses={statuses} /> },
  { path: '/leads/:id', element: <p>lead page</p> },
  { path: '/leads/:id/edit', element: <p>lead form</p> },
];

const lead: LeadListItem = {
  id: 7,
  surname: 'Иванов',
  firstname: 'Иван',
  patronymic: 'Петрович',
  phone: '+7 900 123-45-67',
  status_id: 3,
  additional_info: '',
  users: [2, 5],
  created_by: 1,
  created_at: '2025-03-15T12:00:00.000Z',
  updated_at: '2025-03-15T12:00:00.000Z',
  version: 1,
  status: { id: 3, name: 'В работе', color: '#FF9F43' },
  responsible: [
    { id: 2, first_name: 'Анна', name: 'Анна Смирнова' },
    { id: 5, first_name: 'Олег', name: 'Олег Кузнецов' },
  ],
  is_favorite: false,
};
const NAME = 'Иванов Иван Петрович';

const users: ListedUser[] = [
  { id: 2, first_name: 'Анна', name: 'Анна Смирнова', email: 'anna@example.com', role: 'Manager', avatar: null, active: true },
  { id: 5, first_name: 'Олег', name: 'Олег Кузнецов', email: 'oleg@example.com', role: 'Operator', avatar: null, active: true },
];

/** Answers GET /api/leads with `rows` as one page out of `total`. */
function leadsApi(rows: () => LeadListItem[], total?: number) {
  return ({ url }: MockRequest) => {
    const perPage = Number(url.searchParams.get('per_page') ?? 25);
    const page = Number(url.searchParams.get('page') ?? 1);
    const count = total ?? rows().length;
    return { body: { data: rows(), meta: { current_page: page, per_page: perPage, total: count, last_page: Math.max(1, Math.ceil(count / perPage)) } } };
  };
}

const lastQuery = (fetch: ReturnType<typeof mockFetch>) => {
  const requests = requestsTo(fetch, 'GET /api/leads');
  return Object.fromEntries(requests[requests.length - 1].url.searchParams);
};

const paramsOf = (router: ReturnType<typeof renderRoutes>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('LeadsListPage', () => {
  it('asks for the kind of total and says "более чем" when the count stopped at its cap', async () => {
    const fetch = mockFetch({
      'GET /api/leads': {
        body: {
          data: [lead],
          meta: { current_page: 1, per_page: 25, total: 10000, last_page: 400, total_is_estimate: true, total_is_capped: true, next_cursor: null, prev_cursor: null },
        },
      },
      'GET /api/users': { body: { data: users } },
    });
    renderRoutes(routes, '/leads/list?search=Иван');
    expect(await screen.findByText('1–25 из более чем 10000')).toBeInTheDocument();
    expect(lastQuery(fetch).cursors).toBe('1');
  });

  it('renders a row per lead: name link, phone, inline status, responsible chips, star, date and actions', async () => {
    mockFetch({ 'GET /api/leads': leadsApi(() => [lead]), 'GET /api/users': { body: { data: users } } });
    renderRoutes(routes, '/leads/list');

    const link = await screen.findByRole('link', { name: NAME });
    expect(link).toHaveAttribute('href', '/leads/7');
    const row = link.closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('+7 900 123-45-67');
    expect(within(row).getByRole('combobox', { name: `Статус: ${NAME}` })).toHaveValue('3');
    expect(cells[3]).toHaveTextContent('Анна СмирноваОлег Кузнецов');
    expect(within(row).getByRole('button', { name: `Избранное: ${NAME}` })).toHaveAttribute('aria-pressed', 'false');
    expect(cells[5]).toHaveTextContent('15 мар. 2025 г.');
    expect(within(row).getByRole('link', { name: `Открыть ${NAME}` })).toHaveAttribute('href', '/leads/7');
    expect(within(row).getByRole('link', { name: `Редактировать ${NAME}` })).toHaveAttribute('href', '/leads/7/edit');
    expect(within(row).getByRole('button', { name: `Удалить ${NAME}` })).toBeInTheDocument();
    expect(screen.getByText('1–1 из 1')).toBeInTheDocument();
  });

  it("says 'Нет данных' when there are no leads", async () => {
    mockFetch({ 'GET /api/leads': leadsApi(() => []), 'GET /api/users': { body: { data: users } } });
    renderRoutes(routes, '/leads/list');
    expect(await screen.findByText('Нет данных')).toBeInTheDocument();
  });

  it('reads page, page size, search, filters and sort from the URL and sends them to the API', async () => {
    const fetch = mockFetch({ 'GET /api/leads': leadsApi(() => [lead], 60), 'GET /api/users': { body: { data: users } } });
    renderRoutes(routes, '/leads/list?page=2&per_page=10&search=Иван&status_id=3&user_id=5&favorite=1&sort=phone');

    await screen.findByRole('link', { name: NAME });
    expect(lastQuery(fetch)).toEqual({
      cursors: '1',
      page: '2',
      per_page: '10',
      search: 'Иван',
      status_id: '3',
      user_id: '5',
      favorite: '1',
      sort: 'phone',
    });
    expect(screen.getByLabelText('Поиск')).toHaveValue('Иван');
    expect(screen.getByRole('combobox', { name: 'Строк на странице:' })).toHaveValue('10');
    expect(screen.getByRole('combobox', { name: 'Статус' })).toHaveTextContent('В работе');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Ответственный' })).toHaveTextContent('Олег Кузнецов'));
    expect(screen.getByRole('checkbox', { name: 'Только избранные' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('columnheader', { name: 'Телефон' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('writes the new filters to the URL and sends them with the viewer\'s time zone; "Без ответственного" and a responsible user exclude each other', async () => {
    const fetch = mockFetch({ 'GET /api/leads': leadsApi(() => [lead]), 'GET /api/users': { body: { data: users } } });
    const { router } = renderRoutes(routes, '/leads/list?user_id=2');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: NAME });
    expect(screen.queryByRole('checkbox', { name: 'Без ответственного' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ещё фильтры' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Без ответственного' }));
    expect(paramsOf(router)).toEqual({ no_user: '1' });
    await user.click(screen.getByRole('checkbox', { name: 'Есть просроченные задачи' }));
    await user.click(screen.getByLabelText('Нет активности'));
    await user.click(await screen.findByRole('option', { name: '30 дней' }));
    fireEvent.change(within(screen.getByRole('group', { name: 'Создан' })).getByLabelText('с'), { target: { value: '2026-01-01' } });
    fireEvent.change(within(screen.getByRole('group', { name: 'Изменён' })).getByLabelText('по'), { target: { value: '2026-02-01' } });
    expect(paramsOf(router)).toEqual({ no_user: '1', overdue_tasks: '1', inactive_days: '30', created_from: '2026-01-01', updated_to: '2026-02-01' });
    await waitFor(() =>
      expect(lastQuery(fetch)).toMatchObject({
        no_user: '1',
        overdue_tasks: '1',
        inactive_days: '30',
        created_from: '2026-01-01',
        updated_to: '2026-02-01',
        tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    );

    await user.click(screen.getByLabelText('Ответственный'));
    await user.click(await screen.findByRole('option', { name: 'Анна Смирнова' }));
    expect(paramsOf(router)).not.toHaveProperty('no_user');
    expect(screen.getByRole('checkbox', { name: 'Без ответственного' })).not.toBeChecked();
  });

  it("opens a dashboard bar's link with its period in the Создан fields and its team said once, dropped by Сбросить", async () => {
    const fetch = mockFetch({ 'GET /api/leads': leadsApi(() => [lead]), 'GET /api/users': { body: { data: users } } });
    const { router } = renderRoutes(routes, '/leads/list?status_id=3&created_from=2026-03-01&created_to=2026-03-10&tz=Europe/Moscow&team_id=4');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: NAME });
    const created = await screen.findByRole('group', { name: 'Создан' });
    expect(within(created).getByLabelText('с')).toHaveValue('2026-03-01');
    expect(within(created).getByLabelText('по')).toHaveValue('2026-03-10');
    expect(screen.queryByText(/созданные/)).not.toBeInTheDocument();
    await waitFor(() => expect(lastQuery(fetch)).toMatchObject({ status_id: '3', created_from: '2026-03-01', created_to: '2026-03-10', team_id: '4' }));

    const bar = screen.getByText('Показаны лиды выбранной команды').closest<HTMLElement>('[role="status"]')!;
    await user.click(within(bar).getByRole('button', { name: 'Сбросить' }));
    expect(paramsOf(router)).not.toHaveProperty('team_id');
    expect(paramsOf(router)).toMatchObject({ status_id: '3', created_from: '2026-03-01', created_to: '2026-03-10' });
    expect(screen.queryByText('Показаны лиды выбранной команды')).not.toBeInTheDocument();
  });

  it('falls back to the defaults for values the API would reject', async () => {
    const fetch = mockFetch({ 'GET /api/leads': leadsApi(() => [lead]), 'GET /api/users': { body: { data: users } } });
    renderRoutes(routes, '/leads/list?page=-1&per_page=7&sort=password&status_id=abc&user_id=0&favorite=yes&view=grid');
    await screen.findByRole('link', { name: NAME });
    expect(lastQuery(fetch)).toEqual({ cursors: '1', page: '1', per_page: '25', sort: '-created_at' });
    expect(screen.getByRole('checkbox', { name: 'Только избранные' })).not.toBeChecked();
  });

  it('writes page, page size, sort, filters and the debounced search to the URL', async () => {
    const fetch = mockFetch({ 'GET /api/leads': leadsApi(() => [lead], 120), 'GET /api/users': { body: { data: users } } });
    const { router } = renderRoutes(routes, '/leads/list');
    const user = userEvent.setup();
    const params = () => paramsOf(router);
    await screen.findByRole('link', { name: NAME });

    await user.click(screen.getByRole('button', { name: 'Страница 3' }));
    expect(params()).toEqual({ page: '3' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Строк на странице:' }), '50');
    expect(params()).toEqual({ per_page: '50' });

    await user.click(screen.getByRole('button', { name: 'Телефон' }));
    expect(params()).toEqual({ per_page: '50', sort: 'phone' });

    await user.click(screen.getByLabelText('Статус'));
    // The rows' native status selects have options too; the filter's menu is the listbox.
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'В работе' }));
    expect(params()).toEqual({ per_page: '50', sort: 'phone', status_id: '3' });

    await user.click(screen.getByLabelText('Ответственный'));
    await user.click(await screen.findByRole('option', { name: 'Анна Смирнова' }));
    expect(params()).toEqual({ per_page: '50', sort: 'phone', status_id: '3', user_id: '2' });

    await user.click(screen.getByRole('checkbox', { name: 'Только избранные' }));
    expect(params()).toEqual({ per_page: '50', sort: 'phone', status_id: '3', user_id: '2', favorite: '1' });

    await user.type(screen.getByLabelText('Поиск'), 'Петров');
    const expected = { per_page: '50', sort: 'phone', status_id: '3', user_id: '2', favorite: '1', search: 'Петров' };
    await waitFor(() => expect(params()).toEqual(expected));
    await waitFor(() => expect(lastQuery(fetch)).toEqual({ ...expected, page: '1', cursors: '1' }));
    // One request for the finished word, not one per letter.
    expect(requestsTo(fetch, 'GET /api/leads').filter((r) => r.url.searchParams.has('search'))).toHaveLength(1);
  });

  it('returns to page 1 when a filter changes, but keeps the page when only the view changes', async () => {
    mockFetch({ 'GET /api/leads': leadsApi(() => [lead], 120), 'GET /api/users': { body: { data: users } } });
    const kanbanRoutes: RouteObject[] = [
      { path: '/leads/list', element: <LeadsListPage statuses={statuses} renderKanban={() => <p>kanban view</p>} /> },
    ];
    const { router } = renderRoutes(kanbanRoutes, '/leads/list?page=3&sort=phone');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: NAME });

    await user.click(screen.getByRole('button', { name: 'Канбан' }));
    expect(paramsOf(router)).toEqual({ page: '3', sort: 'phone', view: 'kanban' });
    expect(screen.getByText('kanban view')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // The kanban has a column per status, so its status filter would mean nothing.
    expect(screen.queryByLabelText('Статус')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Только избранные' }));
    expect(paramsOf(router)).toEqual({ sort: 'phone', view: 'kanban', favorite: '1' });

    await user.click(screen.getByRole('button', { name: 'Таблица' }));
    expect(paramsOf(router)).toEqual({ sort: 'phone', favorite: '1' });
    expect(await screen.findByRole('table', { name: 'Лиды' })).toBeInTheDocument();
  });

  it('changes the status inline and keeps it once the API agrees', async () => {
    let current = lead;
    const fetch = mockFetch({
      'GET /api/leads': leadsApi(() => [current]),
      'GET /api/users': { body: { data: users } },
      'POST /api/leads/status/7': () => {
        current = { ...lead, status_id: 1, status: { id: 1, name: 'Новый', color: '#00CFE8' }, version: 2 };
        return { body: { data: { ...current, creator: null, updated_by: null } } };
      },
    });
    renderRoutes(routes, '/leads/list');
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: `Статус: ${NAME}` });

    await user.selectOptions(select, 'Новый');
    expect(select).toHaveValue('1');
    await waitFor(() => expect(requestsTo(fetch, 'POST /api/leads/status/7')).toHaveLength(1));
    expect(requestsTo(fetch, 'POST /api/leads/status/7')[0].body).toEqual({ status_id: 1 });
    expect(select).toHaveValue('1');
    expect(await screen.findByText('Статус изменён')).toBeInTheDocument();
  });

  it('applies the typed search as soon as the field is left, without waiting for the pause', async () => {
    mockFetch({ 'GET /api/leads': leadsApi(() => [lead]), 'GET /api/users': { body: { data: users } } });
    const { router } = renderRoutes(routes, '/leads/list');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: NAME });
    await user.type(screen.getByLabelText('Поиск'), 'Петров');
    await user.tab();
    expect(paramsOf(router)).toEqual({ search: 'Петров' });
  });

  it('sends a status change made while the next page is still loading, instead of dropping it', async () => {
    const server = mockFetch({
      'GET /api/leads': leadsApi(() => [lead]),
      'GET /api/users': { body: { data: users } },
      'POST /api/leads/status/7': { body: { data: { ...lead, status_id: 1, status: { id: 1, name: 'Новый', color: '#00CFE8' }, creator: null, updated_by: null } } },
    });
    // The searched page never arrives: the table keeps showing the previous one meanwhile.
    const network = jest.fn((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('search=') ? new Promise<Response>(() => undefined) : server(input, init),
    );
    global.fetch = network as unknown as typeof fetch;
    renderRoutes(routes, '/leads/list');
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: `Статус: ${NAME}` });
    await user.type(screen.getByLabelText('Поиск'), 'Ив');
    await user.tab();
    await waitFor(() => expect(network.mock.calls.some(([input]) => String(input).includes('search='))).toBe(true));

    await user.selectOptions(select, 'Новый');
    await waitFor(() => expect(requestsTo(server, 'POST /api/leads/status/7')).toHaveLength(1));
    expect(requestsTo(server, 'POST /api/leads/status/7')[0].body).toEqual({ status_id: 1 });
    expect(screen.queryByText(/Не удалось изменить статус/)).not.toBeInTheDocument();
  });

  it('puts the old status back and says so when the status change fails', async () => {
    const fetch = mockFetch({
      'GET /api/leads': leadsApi(() => [lead]),
      'GET /api/users': { body: { data: users } },
      'POST /api/leads/status/7': { status: 403, body: { message: 'This action is unauthorized.', code: 'FORBIDDEN' } },
    });
    renderRoutes(routes, '/leads/list');
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: `Статус: ${NAME}` });

    await user.selectOptions(select, 'Новый');
    expect(await screen.findByText('Не удалось изменить статус: Недостаточно прав для этого действия.')).toBeInTheDocument();
    expect(select).toHaveValue('3');
    expect(requestsTo(fetch, 'POST /api/leads/status/7')).toHaveLength(1);
  });

  it("toggles the caller's star at once and rolls it back when the call fails", async () => {
    let answer: { status?: number; body: unknown } = { body: { data: { is_favorite: true } } };
    const fetch = mockFetch({
      'GET /api/leads': leadsApi(() => [lead]),
      'GET /api/users': { body: { data: users } },
      'GET /api/leads/favorite/7': () => answer,
    });
    renderRoutes(routes, '/leads/list');
    const user = userEvent.setup();
    const star = await screen.findByRole('button', { name: `Избранное: ${NAME}` });

    await user.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(requestsTo(fetch, 'GET /api/leads/favorite/7')).toHaveLength(1));
    expect(star).toHaveAttribute('aria-pressed', 'true');

    answer = { status: 500, body: { message: 'Something went wrong' } };
    await user.click(star);
    expect(await screen.findByText('Не удалось обновить избранное: Что-то пошло не так. Попробуйте ещё раз.')).toBeInTheDocument();
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(requestsTo(fetch, 'GET /api/leads/favorite/7')).toHaveLength(2);
  });

  it('asks to delete the lead by name, hides it at once with Отменить, and sends the delete after 10 seconds', async () => {
    jest.useFakeTimers();
    let rows = [lead];
    const fetch = mockFetch({
      'GET /api/leads': leadsApi(() => rows),
      'GET /api/users': { body: { data: users } },
      'DELETE /api/leads/7': () => {
        rows = [];
        return { body: { message: 'Deleted' } };
      },
    });
    renderRoutes(routes, '/leads/list');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

    await user.click(await screen.findByRole('button', { name: `Удалить ${NAME}` }));
    await user.click(within(await screen.findByRole('alertdialog', { name: `Удалить лида ${NAME}?` })).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: NAME })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Удалить ${NAME}` }));
    await user.click(within(await screen.findByRole('alertdialog', { name: `Удалить лида ${NAME}?` })).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText(`Лид ${NAME} удалён`)).toBeInTheDocument();
    expect(await screen.findByText('Нет данных')).toBeInTheDocument();
    expect(requestsTo(fetch, 'DELETE /api/leads/7')).toHaveLength(0);
    await act(async () => jest.advanceTimersByTime(UNDO_DELETE_MS));
    await waitFor(() => expect(requestsTo(fetch, 'DELETE /api/leads/7')).toHaveLength(1));
    jest.useRealTimers();
  });

  it('Отменить in the toast brings the lead back and deletes nothing', async () => {
    jest.useFakeTimers();
    const fetch = mockFetch({
      'GET /api/leads': leadsApi(() => [lead]),
      'GET /api/users': { body: { data: users } },
      'DELETE /api/leads/7': { body: { message: 'Deleted' } },
    });
    renderRoutes(routes, '/leads/list');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: `Удалить ${NAME}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));
    await user.click(await screen.findByRole('button', { name: 'Отменить' }));
    expect(await screen.findByRole('link', { name: NAME })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(UNDO_DELETE_MS * 2));
    expect(requestsTo(fetch, 'DELETE /api/leads/7')).toHaveLength(0);
    jest.useRealTimers();
  });

  it('hides the responsible-user filter and asks for no users without `view users`; actions follow the abilities', async () => {
    const rules: AbilityRule[] = [{ action: 'view', subject: 'lead' }];
    const fetch = mockFetch({ 'GET /api/leads': leadsApi(() => [lead]), 'GET /api/users': { body: { data: users } } });
    renderRoutes(routes, '/leads/list?user_id=5', rules);

    const row = (await screen.findByRole('link', { name: NAME })).closest('tr')!;
    expect(screen.queryByLabelText('Ответственный')).not.toBeInTheDocument();
    expect(requestsTo(fetch, 'GET /api/users')).toHaveLength(0);
    // A user filter the reader cannot see is not applied either.
    expect(lastQuery(fetch)).toEqual({ cursors: '1', page: '1', per_page: '25', sort: '-created_at' });
    // Without `edit lead` the status is a plain chip; without create/edit/delete only "open" is offered.
    expect(within(row).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(row).getByText('В работе')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: `Открыть ${NAME}` })).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: `Редактировать ${NAME}` })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: `Удалить ${NAME}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добавить лида' })).not.toBeInTheDocument();
  });

  it('shows the responsible-user filter with the users from GET /api/users when allowed', async () => {
    const rules: AbilityRule[] = [
      { action: 'view', subject: 'lead' },
      { action: 'view', subject: 'users' },
    ];
    const fetch = mockFetch({ 'GET /api/leads': leadsApi(() => [lead]), 'GET /api/users': { body: { data: users } } });
    renderRoutes(routes, '/leads/list', rules);
    const user = userEvent.setup();

    await user.click(await screen.findByLabelText('Ответственный'));
    expect(await screen.findByRole('option', { name: 'Олег Кузнецов' })).toBeInTheDocument();
    expect(requestsTo(fetch, 'GET /api/users')).toHaveLength(1);
  });
});
