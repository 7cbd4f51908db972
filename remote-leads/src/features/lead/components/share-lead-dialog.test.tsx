import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { RouteObject } from '@crm/shared/router';
import type { LeadAssignee, LeadDetail } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { SHARE_DIALOG_MAX_WIDTH, ShareLeadDialog } from './share-lead-dialog';

const users: LeadAssignee[] = [
  { id: 2, first_name: 'Анна', name: 'Анна Смирнова', email: 'anna@example.com', role: 'Manager', avatar: null },
  { id: 5, first_name: 'Олег', name: 'Олег Кузнецов', email: 'oleg@example.com', role: 'Operator', avatar: null },
];

/** The lead as GET /api/leads/7/assign/5 answers it: Олег is now its only responsible user. */
const handedOver: LeadDetail = {
  id: 7,
  surname: 'Иванов',
  firstname: 'Иван',
  patronymic: '',
  phone: '+7 900 123-45-67',
  status_id: null,
  additional_info: '',
  users: [5],
  created_by: 1,
  created_at: '2025-03-15T12:00:00.000Z',
  updated_at: '2025-03-16T09:30:00.000Z',
  version: 2,
  status: null,
  responsible: [{ id: 5, first_name: 'Олег', name: 'Олег Кузнецов' }],
  is_favorite: false,
  creator: { id: 1, first_name: 'Админ', name: 'Админ Системы' },
  updated_by: { id: 1, first_name: 'Админ', name: 'Админ Системы' },
};

function Harness({ marks }: { marks?: { currentUserId: number; responsibleIds: number[] } }) {
  const [open, setOpen] = useState(true);
  return <ShareLeadDialog leadId={7} open={open} onOpenChange={setOpen} {...marks} />;
}

const routes: RouteObject[] = [
  { path: '/leads/7/edit', element: <Harness /> },
  { path: '/leads/list', element: <p>Список лидов</p> },
];

function setup(marks?: { currentUserId: number; responsibleIds: number[] }) {
  const fetch = mockFetch({
    'GET /api/leads/assignees': ({ url }) => {
      const search = url.searchParams.get('search')?.toLowerCase();
      return { body: { data: search ? users.filter((u) => `${u.name} ${u.email}`.toLowerCase().includes(search)) : users } };
    },
    'GET /api/leads/7/assign/5': { body: { data: handedOver } },
  });
  const view = renderRoutes(
    marks ? routes.map((route) => (route.path === '/leads/7/edit' ? { ...route, element: <Harness marks={marks} /> } : route)) : routes,
    '/leads/7/edit',
  );
  return { fetch, ...view, user: userEvent.setup() };
}

const rowOf = (dialog: HTMLElement, text: string) => within(dialog).getByText(text).closest('li')!;

describe('ShareLeadDialog', () => {
  it("is 'Передать лид', at most 800 px wide, listing users as 'name (role)' and e-mail, each with 'Передать'", async () => {
    setup();
    const dialog = await screen.findByRole('dialog', { name: 'Передать лид' });
    expect(SHARE_DIALOG_MAX_WIDTH).toBe(800);
    expect(getComputedStyle(dialog).maxWidth).toBe('800px');

    await within(dialog).findByText('Анна Смирнова (Manager)');
    const rows = within(dialog).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/\(.+\)$/).textContent)).toEqual([
      'Анна Смирнова (Manager)',
      'Олег Кузнецов (Operator)',
    ]);
    expect(within(rows[0]).getByText('anna@example.com')).toBeInTheDocument();
    expect(within(rows[1]).getByText('oleg@example.com')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Передать' })).toHaveAccessibleDescription(
      'Олег Кузнецов (Operator) oleg@example.com',
    );
  });

  it("asks 'Уверены?', then assigns the lead to that user and goes to /leads/list", async () => {
    const { fetch, router, user } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Передать лид' });
    await within(dialog).findByText('Олег Кузнецов (Operator)');
    await user.click(within(rowOf(dialog, 'Олег Кузнецов (Operator)')).getByRole('button', { name: 'Передать' }));

    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Уверены?');
    expect(requestsTo(fetch, 'GET /api/leads/7/assign/5')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Да' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/list'));
    expect(requestsTo(fetch, 'GET /api/leads/7/assign/5')).toHaveLength(1);
    expect(await screen.findByText('Лид передан: Олег Кузнецов')).toBeInTheDocument();
  });

  it('lists the users from GET /api/leads/assignees and narrows them by a typed search', async () => {
    const { fetch, user } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Передать лид' });
    await within(dialog).findByText('Анна Смирнова (Manager)');
    expect(requestsTo(fetch, 'GET /api/users')).toHaveLength(0);

    await user.type(within(dialog).getByRole('searchbox', { name: 'Поиск пользователя' }), 'олег');
    await waitFor(() => expect(within(dialog).queryByText('Анна Смирнова (Manager)')).not.toBeInTheDocument());
    expect(within(dialog).getByText('Олег Кузнецов (Operator)')).toBeInTheDocument();
    expect(requestsTo(fetch, 'GET /api/leads/assignees').at(-1)?.url.searchParams.get('search')).toBe('олег');
  });

  it('calls nothing and stays when the confirmation is cancelled', async () => {
    const { fetch, router, user } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Передать лид' });
    await within(dialog).findByText('Анна Смирнова (Manager)');
    await user.click(within(rowOf(dialog, 'Анна Смирнова (Manager)')).getByRole('button', { name: 'Передать' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Отмена' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/assign/'))).toBe(false);
    expect(router.state.location.pathname).toBe('/leads/7/edit');
    expect(screen.getByRole('dialog', { name: 'Передать лид' })).toBeInTheDocument();
  });

  it('marks the signed-in user as "это вы" and the lead\'s responsible users as "текущий ответственный"', async () => {
    setup({ currentUserId: 2, responsibleIds: [5] });
    const dialog = await screen.findByRole('dialog', { name: 'Передать лид' });
    await within(dialog).findByText('Анна Смирнова (Manager)');
    const anna = rowOf(dialog, 'Анна Смирнова (Manager)');
    const oleg = rowOf(dialog, 'Олег Кузнецов (Operator)');
    expect(within(anna).getByText('это вы')).toBeInTheDocument();
    expect(within(anna).queryByText('текущий ответственный')).not.toBeInTheDocument();
    expect(within(oleg).getByText('текущий ответственный')).toBeInTheDocument();
    expect(within(oleg).queryByText('это вы')).not.toBeInTheDocument();
    // The marks are part of what a screen reader hears for each row's button.
    expect(within(oleg).getByRole('button', { name: 'Передать' })).toHaveAccessibleDescription(
      'Олег Кузнецов (Operator) текущий ответственный oleg@example.com',
    );
  });

  it('marks nobody when the signed-in user and the responsible users are not in the list', async () => {
    setup({ currentUserId: 9, responsibleIds: [] });
    const dialog = await screen.findByRole('dialog', { name: 'Передать лид' });
    await within(dialog).findByText('Анна Смирнова (Manager)');
    expect(within(dialog).queryByText('это вы')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('текущий ответственный')).not.toBeInTheDocument();
  });
});
