import { screen, within } from '@testing-library/react';
import { mockFetch } from '@crm/shared/testing';
import { renderRoutes } from '@crm/shared/testing';
import { PermissionsPage } from './permissions-page';

describe('PermissionsPage', () => {
  it('lists each permission with its name, action and subject', async () => {
    mockFetch({
      'GET /api/permissions': {
        body: {
          data: [
            { id: 1, name: 'View leads', action: 'view', subject: 'lead' },
            { id: 2, name: 'Full access', action: 'manage', subject: 'all' },
          ],
        },
      },
    });
    renderRoutes([{ path: '/apps/permissions', element: <PermissionsPage /> }], '/apps/permissions');

    const table = await screen.findByRole('table', { name: 'Permissions' });
    await within(table).findByRole('cell', { name: 'View leads' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['View leads', 'view', 'lead'],
      ['Full access', 'manage', 'all'],
    ]);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const fetch = mockFetch({ 'GET /api/permissions': { status: 403, body: { message: 'Forbidden' } } });
    renderRoutes([{ path: '/apps/permissions', element: <PermissionsPage /> }], '/apps/permissions');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Forbidden');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalled();
  });
});
