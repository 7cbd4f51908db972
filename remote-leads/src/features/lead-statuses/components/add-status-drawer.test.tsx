import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { LeadStatus } from '@crm/shared/schemas';
import { mockFetch, requestsTo } from '@crm/shared/testing';
import { renderRoutes } from '@crm/shared/testing';
import { AddStatusDrawer } from './add-status-drawer';
import { LeadStatusListPage } from './lead-status-list-page';

const routes: RouteObject[] = [
  {
    path: '/lead-status/list',
    element: <LeadStatusListPage />,
    children: [{ path: 'AddStatusDrawer', element: <AddStatusDrawer /> }],
  },
];

const existing: LeadStatus = { id: 1, name: 'Новый', color: '#00CFE8', position: 1 };

function openDrawer() {
  return renderRoutes(routes, '/lead-status/list/AddStatusDrawer');
}

jest.setTimeout(20_000);

describe('AddStatusDrawer', () => {
  it('opens on mount with the name and colour fields', async () => {
    mockFetch({ 'GET /api/lead-status': { body: { data: [existing] } } });
    openDrawer();
    const drawer = await screen.findByRole('dialog', { name: 'Новый статус' });
    expect(within(drawer).getByLabelText('Название')).toHaveValue('');
    expect(within(drawer).getByLabelText('Цвет')).toHaveValue('#0d9394');
    expect(within(drawer).getByRole('button', { name: 'Сохранить' })).toBeEnabled();
  });

  it('shows the first 422 message under the field it belongs to and stays open', async () => {
    const fetch = mockFetch({
      'GET /api/lead-status': { body: { data: [existing] } },
      'POST /api/lead-status': {
        status: 422,
        body: { message: 'The given data was invalid', errors: { name: ['Такой статус уже есть', 'Второе сообщение'] } },
      },
    });
    const { router } = openDrawer();
    const user = userEvent.setup();
    const drawer = await screen.findByRole('dialog', { name: 'Новый статус' });
    await user.type(within(drawer).getByLabelText('Название'), 'Новый');
    await user.click(within(drawer).getByRole('button', { name: 'Сохранить' }));

    const name = within(drawer).getByLabelText('Название');
    await waitFor(() => expect(name).toHaveAccessibleDescription('Такой статус уже есть'));
    expect(name).toBeInvalid();
    expect(within(drawer).getByLabelText('Цвет')).not.toBeInvalid();
    expect(screen.queryByText('Второе сообщение')).not.toBeInTheDocument();
    expect(requestsTo(fetch, 'POST /api/lead-status')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/lead-status/list/AddStatusDrawer');
  });

  it('saves, toasts, revalidates the list and goes back to it', async () => {
    let statuses = [existing];
    const fetch = mockFetch({
      'GET /api/lead-status': () => ({ body: { data: statuses } }),
      'POST /api/lead-status': ({ body }) => {
        const created = { id: 2, position: 2, ...(body as { name: string; color: string }) };
        statuses = [...statuses, created];
        return { status: 201, body: { data: created } };
      },
    });
    const { router } = openDrawer();
    const user = userEvent.setup();
    // The list behind the modal drawer is aria-hidden, so look for its text rather than its cells.
    expect(await screen.findByText('Новый')).toBeInTheDocument();
    const drawer = await screen.findByRole('dialog', { name: 'Новый статус' });
    await user.type(within(drawer).getByLabelText('Название'), 'Горячий');
    await user.click(within(drawer).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/lead-status/list'));
    expect(requestsTo(fetch, 'POST /api/lead-status').map((r) => r.body)).toEqual([{ name: 'Горячий', color: '#0D9394' }]);
    expect(screen.getByText('Статус добавлен')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Горячий' })).toBeInTheDocument();
    expect(requestsTo(fetch, 'GET /api/lead-status').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новый статус' })).not.toBeInTheDocument());
  });

  it('goes back without saving or asking on cancel when nothing was typed', async () => {
    const fetch = mockFetch({ 'GET /api/lead-status': { body: { data: [existing] } } });
    const { router } = openDrawer();
    const user = userEvent.setup();
    const drawer = await screen.findByRole('dialog', { name: 'Новый статус' });
    await user.click(within(drawer).getByRole('button', { name: 'Отмена' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/lead-status/list'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requestsTo(fetch, 'POST /api/lead-status')).toHaveLength(0);
  });

  it('asks before Отмена discards a typed name: Остаться keeps it, Уйти leaves', async () => {
    mockFetch({ 'GET /api/lead-status': { body: { data: [existing] } } });
    const { router } = openDrawer();
    const user = userEvent.setup();
    let drawer = await screen.findByRole('dialog', { name: 'Новый статус' });
    await user.type(within(drawer).getByLabelText('Название'), 'Перезвонить');
    await user.click(within(drawer).getByRole('button', { name: 'Отмена' }));
    const question = await screen.findByRole('alertdialog', { name: 'Есть несохранённые изменения. Уйти без сохранения?' });
    await user.click(within(question).getByRole('button', { name: 'Остаться' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/lead-status/list/AddStatusDrawer');
    drawer = screen.getByRole('dialog', { name: 'Новый статус' });
    expect(within(drawer).getByLabelText('Название')).toHaveValue('Перезвонить');

    await user.click(within(drawer).getByRole('button', { name: 'Отмена' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Уйти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lead-status/list'));
  });
});
