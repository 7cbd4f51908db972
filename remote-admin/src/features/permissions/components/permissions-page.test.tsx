import { screen, within } from '@testing-library/react';
import { mockFetch, renderRoutes } from '@crm/shared/testing';
import { PermissionsPage } from './permissions-page';

describe('PermissionsPage', () => {
  it('lists each permission with its name, action, subject, the roles holding it and the created date', async () => {
    mockFetch({
      'GET /api/permissions': {
        body: {
          data: [
            { id: 1, name: 'View leads', action: 'view', subject: 'lead', roles: [{ id: 2, name: 'Manager' }, { id: 3, name: 'Operator' }], created_at: '2026-03-05T10:00:00Z' },
            { id: 2, name: 'Full access', action: 'manage', subject: 'all', roles: [{ id: 1, name: 'Admin' }], created_at: '2026-03-05T10:00:00Z' },
          ],
        },
      },
    });
    renderRoutes([{ path: '/apps/permissions', element: <PermissionsPage /> }], '/apps/permissions');

    const table = await screen.findByRole('table', { name: 'Разрешения' });
    await within(table).findByRole('cell', { name: 'View leads' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 5).map((cell) => cell.textContent))).toEqual([
      ['View leads', 'view', 'lead', 'ManagerOperator', '5 мар. 2026 г.'],
      ['Full access', 'manage', 'all', 'Admin', '5 мар. 2026 г.'],
    ]);
    expect(screen.getByRole('button', { name: 'Добавить разрешение' })).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: 'Удалить View leads' })).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const fetch = mockFetch({ 'GET /api/permissions': { status: 403, body: { message: 'This action is unauthorized.', code: 'FORBIDDEN' } } });
    renderRoutes([{ path: '/apps/permissions', element: <PermissionsPage /> }], '/apps/permissions');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Недостаточно прав для этого действия.');
    expect(within(alert).getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalled();
  });
});
