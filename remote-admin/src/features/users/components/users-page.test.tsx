import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { UsersPage } from './users-page';

const anna = {
  id: 2,
  name: 'Анна Петрова',
  first_name: 'Анна',
  email: 'anna@example.com',
  avatar: null,
  role: { id: 2, name: 'Manager' },
  teams: [{ id: 1, name: 'Север' }],
  active: true,
  version: 3,
  created_at: '2026-01-01T00:00:00Z',
  two_factor_enabled: false,
};

const boris = { ...anna, id: 3, name: 'Борис Смирнов', first_name: 'Борис', email: 'boris@example.com', two_factor_enabled: true };

function mockApi() {
  return mockFetch({
    'GET /api/users/list': ({ url }) => ({
      body: {
        data: url.searchParams.get('status') === 'inactive' ? [] : [anna],
        meta: { current_page: 1, per_page: 25, total: 1, last_page: 1 },
      },
    }),
    'GET /api/roles': { body: { data: [] } },
    'GET /api/roles/options': { body: { data: [] } },
    'GET /api/teams': { body: { data: [], meta: { current_page: 1, per_page: 100, total: 0, last_page: 1 } } },
    'POST /api/users/2/status': { body: { data: { ...anna, active: false } } },
  });
}

describe('UsersPage', () => {
  it('lists users with role, teams and status; the status filter asks the server', async () => {
    const fetch = mockApi();
    renderRoutes([{ path: '/apps/users', element: <UsersPage /> }], '/apps/users');
    const table = await screen.findByRole('table', { name: 'Пользователи' });
    const row = (await within(table).findByText('Анна Петрова')).closest('tr')!;
    expect(within(row).getAllByRole('cell').slice(1, 4).map((cell) => cell.textContent)).toEqual(['Manager', 'Север', 'Активен']);

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Статус' }));
    await user.click(await screen.findByRole('option', { name: 'Отключён' }));
    await waitFor(() => expect(requestsTo(fetch, 'GET /api/users/list').some((r) => r.url.searchParams.get('status') === 'inactive')).toBe(true));
    // Opening the kit Select is slow in jsdom on a busy machine.
  }, 15_000);

  it('isolates each email left to right, so a right-to-left shell does not reorder it', async () => {
    mockApi();
    renderRoutes([{ path: '/apps/users', element: <UsersPage /> }], '/apps/users');
    const email = await screen.findByText('anna@example.com');
    expect(email.closest('[dir]')?.getAttribute('dir')).toBe('ltr');
  });

  it('keeps the page, size and filters in the URL: a link opens them, paging writes them back', async () => {
    const fetch = mockFetch({
      'GET /api/users/list': ({ url }) => ({
        body: { data: [anna], meta: { current_page: Number(url.searchParams.get('page') ?? 1), per_page: 50, total: 500, last_page: 10 } },
      }),
      'GET /api/roles': { body: { data: [] } },
      'GET /api/roles/options': { body: { data: [] } },
      'GET /api/teams': { body: { data: [], meta: { current_page: 1, per_page: 100, total: 0, last_page: 1 } } },
    });
    const { router } = renderRoutes([{ path: '/apps/users', element: <UsersPage /> }], '/apps/users?page=3&per_page=50&status=inactive');
    await screen.findByText('Анна Петрова');
    const first = requestsTo(fetch, 'GET /api/users/list')[0].url.searchParams;
    expect([first.get('page'), first.get('per_page'), first.get('status')]).toEqual(['3', '50', 'inactive']);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Следующая страница' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('4'));
    expect(new URLSearchParams(router.state.location.search).get('per_page')).toBe('50');
    await waitFor(() => expect(requestsTo(fetch, 'GET /api/users/list').at(-1)!.url.searchParams.get('page')).toBe('4'));

    // A new search goes back to the first page, which the URL then leaves out.
    await user.type(screen.getByRole('searchbox', { name: 'Поиск' }), 'Анна');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Анна'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('inactive');
  });

  it('deactivates after a confirmation', async () => {
    const fetch = mockApi();
    renderRoutes([{ path: '/apps/users', element: <UsersPage /> }], '/apps/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Отключить Анна Петрова' }));
    const confirm = await screen.findByRole('alertdialog', { name: /Отключить пользователя Анна Петрова\?/ });
    await user.click(within(confirm).getByRole('button', { name: 'Отключить' }));
    await waitFor(() => expect(requestsTo(fetch, 'POST /api/users/2/status')).toHaveLength(1));
    expect(requestsTo(fetch, 'POST /api/users/2/status')[0].body).toEqual({ active: false });
  });

  it('marks who signs in with 2FA and resets it after a confirmation', async () => {
    const fetch = mockFetch({
      'GET /api/users/list': { body: { data: [anna, boris], meta: { current_page: 1, per_page: 25, total: 2, last_page: 1 } } },
      'GET /api/roles/options': { body: { data: [] } },
      'GET /api/teams': { body: { data: [], meta: { current_page: 1, per_page: 100, total: 0, last_page: 1 } } },
      'DELETE /api/users/3/two-factor': { body: { message: 'Two-factor sign-in has been reset for this user.' } },
    });
    renderRoutes([{ path: '/apps/users', element: <UsersPage /> }], '/apps/users');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Пользователи' });
    const annaRow = (await within(table).findByText('Анна Петрова')).closest('tr')!;
    const borisRow = within(table).getByText('Борис Смирнов').closest('tr')!;
    expect(within(borisRow).getByText('2FA')).toBeInTheDocument();
    expect(within(annaRow).queryByText('2FA')).not.toBeInTheDocument();
    expect(within(annaRow).queryByRole('button', { name: /Сбросить 2FA/ })).not.toBeInTheDocument();

    await user.click(within(borisRow).getByRole('button', { name: 'Сбросить 2FA Борис Смирнов' }));
    const confirm = await screen.findByRole('alertdialog', { name: /Сбросить двухфакторную аутентификацию пользователя Борис Смирнов\?/ });
    await user.click(within(confirm).getByRole('button', { name: 'Сбросить 2FA' }));
    await waitFor(() => expect(requestsTo(fetch, 'DELETE /api/users/3/two-factor')).toHaveLength(1));
    expect(await screen.findByText('Двухфакторная аутентификация сброшена')).toBeInTheDocument();

    await user.click(within(borisRow).getByRole('button', { name: 'Изменить Борис Смирнов' }));
    expect(await screen.findByText('включена')).toBeInTheDocument();
  });

  it('shows no change buttons without manage users', async () => {
    mockApi();
    renderRoutes([{ path: '/apps/users', element: <UsersPage /> }], '/apps/users', [{ action: 'view', subject: 'users' }]);
    await screen.findByText('Анна Петрова');
    expect(screen.queryByRole('button', { name: 'Добавить пользователя' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Отключить/ })).not.toBeInTheDocument();
  });

  it('offers a Manager (view users, not view roles) the role filter from the role names', async () => {
    const fetch = mockFetch({
      'GET /api/users/list': { body: { data: [anna], meta: { current_page: 1, per_page: 25, total: 1, last_page: 1 } } },
      'GET /api/roles/options': { body: { data: [{ id: 1, name: 'Admin' }, { id: 2, name: 'Manager' }] } },
      'GET /api/teams': { body: { data: [], meta: { current_page: 1, per_page: 100, total: 0, last_page: 1 } } },
    });
    renderRoutes([{ path: '/apps/users', element: <UsersPage /> }], '/apps/users', [
      { action: 'view', subject: 'users' },
      { action: 'view', subject: 'team' },
    ]);
    await screen.findByText('Анна Петрова');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Роль' }));
    expect(await screen.findByRole('option', { name: 'Manager' })).toBeInTheDocument();
    expect(requestsTo(fetch, 'GET /api/roles')).toHaveLength(0);
  }, 15_000);

  it('asks before Отмена discards what was typed in the add dialog; an untouched dialog closes at once', async () => {
    mockApi();
    renderRoutes([{ path: '/apps/users', element: <UsersPage /> }], '/apps/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Добавить пользователя' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Добавить пользователя' }));
    dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Полное имя' }), 'Борис');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    const question = await screen.findByRole('alertdialog', { name: 'Есть несохранённые изменения. Уйти без сохранения?' });
    await user.click(within(question).getByRole('button', { name: 'Остаться' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Полное имя' })).toHaveValue('Борис');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Отмена' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Уйти' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 20_000);

  describe('a delegate holding manage users (decision 045)', () => {
    const delegateRules = [
      { action: 'manage', subject: 'users' },
      { action: 'view', subject: 'roles' },
      { action: 'view', subject: 'lead' },
    ] as const;
    const roles = [
      { id: 1, name: 'Admin', lead_scope: 'all', users_count: 1, users: [], permissions: [{ action: 'manage', subject: 'all' }], permission_ids: [9], version: 1, two_factor_required: false },
      { id: 2, name: 'Manager', lead_scope: 'team', users_count: 1, users: [], permissions: [{ action: 'view', subject: 'lead' }, { action: 'edit', subject: 'lead' }], permission_ids: [1, 2], version: 1, two_factor_required: false },
      { id: 3, name: 'Reader', lead_scope: 'own', users_count: 0, users: [], permissions: [{ action: 'view', subject: 'lead' }], permission_ids: [1], version: 1, two_factor_required: false },
    ];
    const withRoles = () =>
      mockFetch({
        'GET /api/users/list': { body: { data: [anna], meta: { current_page: 1, per_page: 25, total: 1, last_page: 1 } } },
        'GET /api/roles': { body: { data: roles } },
        'GET /api/roles/options': { body: { data: roles.map(({ id, name }) => ({ id, name })) } },
        'GET /api/teams': { body: { data: [], meta: { current_page: 1, per_page: 100, total: 0, last_page: 1 } } },
      });
    afterEach(() => window.localStorage.clear());

    it('offers only the roles it holds in full, plus the edited user\'s current one', async () => {
      withRoles();
      renderRoutes([{ path: '/apps/users', element: <UsersPage /> }], '/apps/users', [...delegateRules]);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Добавить пользователя' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('combobox', { name: 'Роль' }));
      await screen.findByRole('option', { name: 'Reader' });
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Reader']);
      await user.keyboard('{Escape}');
      await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));

      await user.click(await screen.findByRole('button', { name: 'Изменить Анна Петрова' }));
      const edit = await screen.findByRole('dialog');
      await user.click(within(edit).getByRole('combobox', { name: 'Роль' }));
      await screen.findByRole('option', { name: 'Reader' });
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Manager', 'Reader']);
    }, 20_000);

    it('cannot change the role of its own user', async () => {
      window.localStorage.setItem('userData', JSON.stringify({ id: anna.id, first_name: 'Анна', name: anna.name, email: anna.email, role: 'Manager', avatar: null }));
      withRoles();
      renderRoutes([{ path: '/apps/users', element: <UsersPage /> }], '/apps/users', [...delegateRules]);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Изменить Анна Петрова' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('combobox', { name: 'Роль' })).toBeDisabled();
    });
  });
});
