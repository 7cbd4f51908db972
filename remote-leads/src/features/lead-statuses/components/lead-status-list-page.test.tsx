import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { LeadStatus } from '@crm/shared/schemas';
import { mockFetch, requestsTo } from '@crm/shared/testing';
import { renderRoutes } from '@crm/shared/testing';
import { LeadStatusListPage } from './lead-status-list-page';

const routes: RouteObject[] = [
  {
    path: '/lead-status/list',
    element: <LeadStatusListPage />,
    children: [{ path: 'AddStatusDrawer', element: <p>drawer route</p> }],
  },
];

const statuses: LeadStatus[] = [
  { id: 1, name: 'Новый', color: '#00CFE8', position: 1 },
  { id: 2, name: 'В работе', color: '#FF9F43', position: 2 },
];

// The selects and user-event are slow in jsdom on a 2-core runner: allow more than jest's default 5 s per test.
jest.setTimeout(30_000);

describe('LeadStatusListPage', () => {
  it('lists the statuses from the API with their colour and position', async () => {
    mockFetch({ 'GET /api/lead-status': { body: { data: statuses } } });
    renderRoutes(routes, '/lead-status/list');

    const table = await screen.findByRole('table', { name: 'Статусы лидов' });
    await within(table).findByRole('cell', { name: 'Новый' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 2).map((c) => c.textContent))).toEqual([
      ['Новый', '1'],
      ['В работе', '2'],
    ]);
    expect(rows[1].querySelector('[data-color]')).toHaveAttribute('data-color', '#FF9F43');
  });

  it("asks 'Уверены?' and deletes only on confirmation, then revalidates", async () => {
    let current = statuses;
    const fetch = mockFetch({
      'GET /api/lead-status': () => ({ body: { data: current } }),
      'DELETE /api/lead-status/2/delete': () => {
        current = current.filter((s) => s.id !== 2);
        return { body: { message: 'Deleted' } };
      },
    });
    renderRoutes(routes, '/lead-status/list');
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'В работе' });

    await user.click(screen.getByRole('button', { name: 'Удалить В работе' }));
    const question = await screen.findByRole('alertdialog', { name: 'Уверены?' });
    await user.click(within(question).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requestsTo(fetch, 'DELETE /api/lead-status/2/delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Удалить В работе' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Уверены?' })).getByRole('button', { name: 'Да' }));

    expect(await screen.findByText('Статус удалён')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'В работе' })).not.toBeInTheDocument());
    expect(requestsTo(fetch, 'DELETE /api/lead-status/2/delete')).toHaveLength(1);
  });

  it('asks for a replacement when the API answers 409 STATUS_IN_USE, then deletes with replacement_id', async () => {
    let current = statuses;
    const fetch = mockFetch({
      'GET /api/lead-status': () => ({ body: { data: current } }),
      'DELETE /api/lead-status/1/delete': ({ url }) => {
        if (!url.searchParams.has('replacement_id')) {
          return { status: 409, body: { message: 'Статус назначен лидам, поэтому его нельзя удалить. Выберите статус, на который их перевести.', code: 'STATUS_IN_USE' } };
        }
        current = current.filter((s) => s.id !== 1);
        return { body: { message: 'Deleted' } };
      },
    });
    renderRoutes(routes, '/lead-status/list');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Удалить Новый' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Да' }));

    const dialog = await screen.findByRole('dialog', { name: 'Статус используется' });
    expect(within(dialog).getByText('Статус назначен лидам, поэтому его нельзя удалить. Выберите статус, на который их перевести.')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Заменить и удалить' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Новый статус для лидов'));
    // The status being deleted is not offered as its own replacement.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['В работе']);
    await user.click(screen.getByRole('option', { name: 'В работе' }));
    await user.click(confirm);

    expect(await screen.findByText('Статус удалён')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Статус используется' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Новый' })).not.toBeInTheDocument());
    expect(requestsTo(fetch, 'DELETE /api/lead-status/1/delete').map((r) => r.url.searchParams.get('replacement_id'))).toEqual([
      null,
      '2',
    ]);
  });

  it('shows other delete failures in an error toast and keeps the row', async () => {
    mockFetch({
      'GET /api/lead-status': { body: { data: statuses } },
      'DELETE /api/lead-status/1/delete': { status: 403, body: { message: 'This action is unauthorized.', code: 'FORBIDDEN' } },
    });
    renderRoutes(routes, '/lead-status/list');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Удалить Новый' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Да' }));

    expect(await screen.findByText('Недостаточно прав для этого действия.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Статус используется' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Новый' })).toBeInTheDocument();
  });

  it('opens the add drawer as the child route AddStatusDrawer', async () => {
    mockFetch({ 'GET /api/lead-status': { body: { data: statuses } } });
    const { router } = renderRoutes(routes, '/lead-status/list');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Добавить статус' }));

    expect(router.state.location.pathname).toBe('/lead-status/list/AddStatusDrawer');
    expect(await screen.findByText('drawer route')).toBeInTheDocument();
  });

  it('hides add and delete without the create and delete abilities', async () => {
    mockFetch({ 'GET /api/lead-status': { body: { data: statuses } } });
    renderRoutes(routes, '/lead-status/list', [{ action: 'view', subject: 'lead-status' }]);

    await screen.findByRole('cell', { name: 'Новый' });
    expect(screen.queryByRole('button', { name: 'Добавить статус' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Удалить/ })).not.toBeInTheDocument();
  });
});
