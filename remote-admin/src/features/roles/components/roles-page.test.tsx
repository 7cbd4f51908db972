import { screen, within } from '@testing-library/react';
import { mockFetch } from '@crm/shared/testing';
import { renderRoutes } from '@crm/shared/testing';
import { RolesPage } from './roles-page';

describe('RolesPage', () => {
  it('lists each role with its lead scope, user count and permission chips', async () => {
    mockFetch({
      'GET /api/roles': {
        body: {
          data: [
            { id: 1, name: 'Admin', lead_scope: 'all', users_count: 1, permissions: [{ action: 'manage', subject: 'all' }] },
            {
              id: 3,
              name: 'Operator',
              lead_scope: 'own',
              users_count: 4,
              permissions: [
                { action: 'view', subject: 'lead' },
                { action: 'create', subject: 'lead' },
              ],
            },
          ],
        },
      },
    });
    renderRoutes([{ path: '/apps/roles', element: <RolesPage /> }], '/apps/roles');

    const operator = (await screen.findByRole('cell', { name: 'Operator' })).closest('tr')!;
    const cells = within(operator).getAllByRole('cell');
    expect(cells.slice(0, 3).map((cell) => cell.textContent)).toEqual(['Operator', 'Own leads', '4']);
    expect(within(cells[3]).getByText('view lead')).toBeInTheDocument();
    expect(within(cells[3]).getByText('create lead')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'All leads' })).toBeInTheDocument();
  });
});
