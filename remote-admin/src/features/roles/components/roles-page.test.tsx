import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { RolesPage } from './roles-page';

const permissions = [
  { id: 1, action: 'view', subject: 'lead', name: 'view lead', roles: [], created_at: '2026-01-01T00:00:00Z' },
  { id: 2, action: 'create', subject: 'lead', name: 'create lead', roles: [], created_at: '2026-01-01T00:00:00Z' },
  { id: 3, action: 'view', subject: 'users', name: 'view users', roles: [], created_at: '2026-01-01T00:00:00Z' },
  { id: 4, action: 'manage', subject: 'all', name: 'manage all', roles: [], created_at: '2026-01-01T00:00:00Z' },
];

const roles = [
  {
    id: 1,
    name: 'Admin',
    lead_scope: 'all',
    users_count: 7,
    users: [1, 2, 3, 4, 5].map((id) => ({ id, name: `Admin ${id}`, avatar: null })),
    permissions: [{ action: 'manage', subject: 'all' }],
    permission_ids: [4],
    version: 1,
    two_factor_required: true,
  },
  { id: 3, name: 'Operator', lead_scope: 'own', users_count: 0, users: [], permissions: [{ action: 'view', subject: 'lead' }], permission_ids: [1], version: 2, two_factor_required: false },
];

describe('RolesPage', () => {
  it('shows a card per role with its lead scope, user count and holders', async () => {
    mockFetch({ 'GET /api/roles': { body: { data: roles } }, 'GET /api/permissions': { body: { data: permissions } } });
    renderRoutes([{ path: '/apps/roles', element: <RolesPage /> }], '/apps/roles');

    const admin = await screen.findByRole('region', { name: 'Роль Admin' });
    expect(within(admin).getByText('Все лиды')).toBeInTheDocument();
    expect(within(admin).getByText('Пользователей: 7')).toBeInTheDocument();
    expect(within(admin).getAllByRole('img').map((img) => img.getAttribute('aria-label'))).toEqual(['Admin 1', 'Admin 2', 'Admin 3', 'Admin 4', 'Admin 5']);
    expect(within(admin).getByText('+2')).toBeInTheDocument();
    expect(within(admin).getByRole('button', { name: 'Удалить' })).toBeDisabled();
  });

  it('edits a role in a grid built from the permissions table and sends the ids with the version', async () => {
    const fetch = mockFetch({
      'GET /api/roles': { body: { data: roles } },
      'GET /api/permissions': { body: { data: permissions } },
      'PUT /api/roles/3': ({ body }) => ({ body: { data: { ...roles[1], ...(body as object) } } }),
    });
    renderRoutes([{ path: '/apps/roles', element: <RolesPage /> }], '/apps/roles');
    const user = userEvent.setup();
    const operator = await screen.findByRole('region', { name: 'Роль Operator' });
    await user.click(within(operator).getByRole('button', { name: 'Изменить' }));

    const grid = await screen.findByRole('table', { name: 'Разрешения роли' });
    await within(grid).findByRole('checkbox', { name: 'view users' });
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Объект', 'Просмотр', 'Создание', 'Всё']);
    expect(within(grid).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Лиды', 'Пользователи', 'Всё']);
    expect(within(grid).getByRole('checkbox', { name: 'view lead' })).toBeChecked();
    await user.click(within(grid).getByRole('checkbox', { name: 'view users' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(requestsTo(fetch, 'PUT /api/roles/3')).toHaveLength(1));
    expect(requestsTo(fetch, 'PUT /api/roles/3')[0].body).toEqual({ name: 'Operator', lead_scope: 'own', two_factor_required: false, permission_ids: [1, 3], version: 2 });
  });

  it('requires two-factor sign-in for a role from its form, and marks such roles on their cards', async () => {
    const fetch = mockFetch({
      'GET /api/roles': { body: { data: roles } },
      'GET /api/permissions': { body: { data: permissions } },
      'PUT /api/roles/3': ({ body }) => ({ body: { data: { ...roles[1], ...(body as object) } } }),
    });
    renderRoutes([{ path: '/apps/roles', element: <RolesPage /> }], '/apps/roles');
    const user = userEvent.setup();
    expect(within(await screen.findByRole('region', { name: 'Роль Admin' })).getByText('2FA обязательна')).toBeInTheDocument();
    const operator = screen.getByRole('region', { name: 'Роль Operator' });
    expect(within(operator).queryByText('2FA обязательна')).not.toBeInTheDocument();
    await user.click(within(operator).getByRole('button', { name: 'Изменить' }));

    const box = await screen.findByRole('checkbox', { name: /Обязательная двухфакторная аутентификация/ });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(requestsTo(fetch, 'PUT /api/roles/3')).toHaveLength(1));
    expect(requestsTo(fetch, 'PUT /api/roles/3')[0].body).toMatchObject({ two_factor_required: true });
  });

  it('shows an assign column for the seeded assign lead permission, and grants it from the grid', async () => {
    const withAssign = [
      ...permissions.slice(0, 3),
      { id: 5, action: 'assign', subject: 'lead', name: 'assign lead', roles: [], created_at: '2026-01-01T00:00:00Z' },
      permissions[3],
    ];
    const fetch = mockFetch({
      'GET /api/roles': { body: { data: roles } },
      'GET /api/permissions': { body: { data: withAssign } },
      'PUT /api/roles/3': ({ body }) => ({ body: { data: { ...roles[1], ...(body as object) } } }),
    });
    renderRoutes([{ path: '/apps/roles', element: <RolesPage /> }], '/apps/roles');
    const user = userEvent.setup();
    const operator = await screen.findByRole('region', { name: 'Роль Operator' });
    await user.click(within(operator).getByRole('button', { name: 'Изменить' }));

    const grid = await screen.findByRole('table', { name: 'Разрешения роли' });
    const assignLead = await within(grid).findByRole('checkbox', { name: 'assign lead' });
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Объект', 'Просмотр', 'Создание', 'Всё', 'Назначение']);
    // Only lead has an assign permission: the other rows leave that cell empty.
    expect(within(grid).queryByRole('checkbox', { name: 'assign users' })).not.toBeInTheDocument();
    expect(assignLead).not.toBeChecked();
    await user.click(assignLead);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(requestsTo(fetch, 'PUT /api/roles/3')).toHaveLength(1));
    expect(requestsTo(fetch, 'PUT /api/roles/3')[0].body).toEqual({ name: 'Operator', lead_scope: 'own', two_factor_required: false, permission_ids: [1, 5], version: 2 });
  });

  it('a role editor cannot tick what it does not hold, and sees the server refusal (decision 045)', async () => {
    const fetch = mockFetch({
      'GET /api/roles': { body: { data: roles } },
      'GET /api/permissions': { body: { data: permissions } },
      'PUT /api/roles/3': {
        status: 403,
        body: { code: 'GRANT_NOT_HELD', message: 'You cannot give the role "Operator" these permissions: it grants the lead scope "all", which you do not hold.' },
      },
    });
    const editor = [
      { action: 'view', subject: 'roles' },
      { action: 'edit', subject: 'roles' },
      { action: 'view', subject: 'lead' },
      { action: 'view', subject: 'permissions' },
    ] as const;
    renderRoutes([{ path: '/apps/roles', element: <RolesPage /> }], '/apps/roles', [...editor]);
    const user = userEvent.setup();
    const operator = await screen.findByRole('region', { name: 'Роль Operator' });
    await user.click(within(operator).getByRole('button', { name: 'Изменить' }));

    const grid = await screen.findByRole('table', { name: 'Разрешения роли' });
    await within(grid).findByRole('checkbox', { name: 'manage all' });
    expect(within(grid).getByRole('checkbox', { name: 'manage all' })).toBeDisabled();
    expect(within(grid).getByRole('checkbox', { name: 'view users' })).toBeDisabled();
    expect(within(grid).getByRole('checkbox', { name: 'create lead' })).toBeDisabled();
    expect(within(grid).getByRole('checkbox', { name: 'view lead' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(requestsTo(fetch, 'PUT /api/roles/3')).toHaveLength(1));
    expect(await screen.findByText('Нельзя выдать права, которых у вас самих нет.')).toBeInTheDocument();
  });
});
