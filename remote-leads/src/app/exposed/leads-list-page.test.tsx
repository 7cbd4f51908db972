import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { AbilityRule, LeadBulkResult, LeadListItem, LeadStatus, ListedUser } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo, type MockRequest } from '@crm/shared/testing';
import LeadsListRoute from './leads-list-page';

// The selects and user-event are slow in jsdom, and the machine runs other suites alongside.
jest.setTimeout(30_000);

const statuses: LeadStatus[] = [
  { id: 1, name: 'Новый', color: '#00CFE8', position: 1 },
  { id: 3, name: 'В работе', color: '#FF9F43', position: 2 },
];

const users: ListedUser[] = [
  { id: 2, first_name: 'Анна', name: 'Анна Смирнова', email: 'anna@example.com', role: 'Manager', avatar: null, active: true },
  { id: 5, first_name: 'Олег', name: 'Олег Кузнецов', email: 'oleg@example.com', role: 'Operator', avatar: null, active: true },
];

function makeLead(id: number, surname: string): LeadListItem {
  return {
    id,
    surname,
    firstname: 'Иван',
    patronymic: '',
    phone: '+7 900 123-45-67',
    status_id: 3,
    additional_info: '',
    users: [2],
    created_by: 1,
    created_at: '2025-03-15T12:00:00.000Z',
    updated_at: '2025-03-15T12:00:00.000Z',
    version: 1,
    status: { id: 3, name: 'В работе', color: '#FF9F43' },
    responsible: [{ id: 2, first_name: 'Анна', name: 'Анна Смирнова' }],
    is_favorite: false,
  };
}

const leads = [makeLead(7, 'Иванов'), makeLead(8, 'Петров'), makeLead(9, 'Сидоров')];

function server(result: LeadBulkResult = { affected: 2, skipped: [] }) {
  return mockFetch({
    'GET /api/lead-status': { body: { data: statuses } },
    'GET /api/users': { body: { data: users } },
    'GET /api/leads': ({ url }: MockRequest) => {
      const statusId = url.searchParams.get('status_id');
      const rows = statusId ? leads.filter((lead) => String(lead.status_id) === statusId) : leads;
      return { body: { data: rows, meta: { current_page: 1, per_page: 25, total: rows.length, last_page: 1 } } };
    },
    'POST /api/leads/bulk': { body: { data: result } },
  });
}

const routes: RouteObject[] = [{ path: '/leads/list', element: <LeadsListRoute /> }];

async function selectRows(user: ReturnType<typeof userEvent.setup>, ...surnames: string[]) {
  for (const surname of surnames) {
    const row = (await screen.findByRole('link', { name: `${surname} Иван` })).closest('tr')!;
    await user.click(within(row).getByRole('checkbox', { name: 'Выбрать строку' }));
  }
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

const rowBoxes = () => screen.getAllByRole('checkbox', { name: 'Выбрать строку' });

describe('/leads/list composed', () => {
  it('changes the status of the selected leads, shows the result, clears the selection and reloads', async () => {
    const fetch = server();
    renderRoutes(routes, '/leads/list');
    const user = userEvent.setup();
    await selectRows(user, 'Иванов', 'Петров');

    const bar = screen.getByRole('region', { name: 'Действия с выбранными лидами' });
    expect(bar).toHaveTextContent('Выбрано: 2');
    expect(within(bar).getByRole('button', { name: 'Сменить статус' })).toBeDisabled();
    await choose(user, 'Новый статус', 'Новый');
    const loads = requestsTo(fetch, 'GET /api/leads').length;
    await user.click(within(bar).getByRole('button', { name: 'Сменить статус' }));

    expect(await screen.findByText('Обновлено 2, пропущено 0')).toBeInTheDocument();
    expect(requestsTo(fetch, 'POST /api/leads/bulk').map((r) => r.body)).toEqual([{ action: 'status', ids: [7, 8], status_id: 1 }]);
    expect(screen.queryByRole('region', { name: 'Действия с выбранными лидами' })).not.toBeInTheDocument();
    expect(rowBoxes().filter((box) => (box as HTMLInputElement).checked)).toHaveLength(0);
    await waitFor(() => expect(requestsTo(fetch, 'GET /api/leads').length).toBeGreaterThan(loads));
  });

  it('hands the selected leads over to a user and reports the skipped ones', async () => {
    const fetch = server({ affected: 2, skipped: [{ id: 9, reason: 'out of scope' }] });
    renderRoutes(routes, '/leads/list');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Иванов Иван' });
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать все строки' }));
    expect(screen.getByRole('region', { name: 'Действия с выбранными лидами' })).toHaveTextContent('Выбрано: 3');

    await choose(user, 'Кому передать', 'Олег Кузнецов');
    await user.click(screen.getByRole('button', { name: 'Передать' }));

    expect(await screen.findByText('Обновлено 2, пропущено 1')).toBeInTheDocument();
    expect(requestsTo(fetch, 'POST /api/leads/bulk').map((r) => r.body)).toEqual([{ action: 'assign', ids: [7, 8, 9], user_id: 5 }]);
    expect(rowBoxes().filter((box) => (box as HTMLInputElement).checked)).toHaveLength(0);
  });

  it('deletes the selected leads only after a question saying how many', async () => {
    const fetch = server();
    renderRoutes(routes, '/leads/list');
    const user = userEvent.setup();
    await selectRows(user, 'Петров', 'Сидоров');

    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Удалить выбранных лидов (2)?' })).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requestsTo(fetch, 'POST /api/leads/bulk')).toHaveLength(0);
    expect(screen.getByRole('region', { name: 'Действия с выбранными лидами' })).toHaveTextContent('Выбрано: 2');

    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Удалить выбранных лидов (2)?' })).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Удалено 2, пропущено 0')).toBeInTheDocument();
    expect(requestsTo(fetch, 'POST /api/leads/bulk').map((r) => r.body)).toEqual([{ action: 'delete', ids: [8, 9] }]);
    expect(screen.queryByRole('region', { name: 'Действия с выбранными лидами' })).not.toBeInTheDocument();
  });

  it('drops the selection when a filter changes', async () => {
    server();
    renderRoutes(routes, '/leads/list');
    const user = userEvent.setup();
    await selectRows(user, 'Иванов');
    expect(screen.getByRole('region', { name: 'Действия с выбранными лидами' })).toHaveTextContent('Выбрано: 1');

    await user.click(screen.getByRole('checkbox', { name: 'Только избранные' }));
    expect(screen.queryByRole('region', { name: 'Действия с выбранными лидами' })).not.toBeInTheDocument();
    await screen.findByRole('link', { name: 'Иванов Иван' });
    expect(rowBoxes().filter((box) => (box as HTMLInputElement).checked)).toHaveLength(0);
  });

  it('offers only what the abilities allow: no hand-over without `view users`, no selection without edit or delete', async () => {
    server();
    const rules: AbilityRule[] = [
      { action: 'view', subject: 'lead' },
      { action: 'edit', subject: 'lead' },
    ];
    const { unmount } = renderRoutes(routes, '/leads/list', rules);
    const user = userEvent.setup();
    await selectRows(user, 'Иванов');
    const bar = screen.getByRole('region', { name: 'Действия с выбранными лидами' });
    expect(within(bar).getByRole('button', { name: 'Сменить статус' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Передать' })).not.toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Удалить' })).not.toBeInTheDocument();
    unmount();

    renderRoutes(routes, '/leads/list', [{ action: 'view', subject: 'lead' }]);
    await screen.findByRole('link', { name: 'Иванов Иван' });
    expect(screen.queryByRole('checkbox', { name: 'Выбрать строку' })).not.toBeInTheDocument();
  });

  it('shows the kanban from the URL with a column per status and the URL filters', async () => {
    const fetch = server();
    renderRoutes(routes, '/leads/list?view=kanban&search=Ив&favorite=1');

    const column = await screen.findByRole('region', { name: 'В работе' });
    expect(await within(column).findAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('region', { name: 'Новый' })).toHaveTextContent('Нет данных');
    expect(screen.getByRole('button', { name: 'Канбан' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const queries = requestsTo(fetch, 'GET /api/leads').map((r) => Object.fromEntries(r.url.searchParams));
    expect(queries).toContainEqual({ status_id: '3', page: '1', per_page: '20', search: 'Ив', favorite: '1', sort: '-created_at' });
    // Only the columns are loaded: no table page behind them.
    expect(queries.every((query) => query.status_id !== undefined)).toBe(true);
  });

  it('offers Объединить for exactly two selected rows, opening the merge dialog with both; Возможные дубли lists the groups', async () => {
    const detail = (lead: LeadListItem) => ({ body: { data: { ...lead, creator: null, updated_by: null } } });
    mockFetch({
      'GET /api/lead-status': { body: { data: statuses } },
      'GET /api/users': { body: { data: users } },
      'GET /api/leads': { body: { data: leads, meta: { current_page: 1, per_page: 25, total: leads.length, last_page: 1 } } },
      'GET /api/leads/7': detail(leads[0]),
      'GET /api/leads/8': detail(leads[1]),
      'GET /api/leads/duplicates': {
        body: { data: [{ reason: 'phone', key: '79001234567', count: 3, leads }], meta: { current_page: 1, per_page: 20, total: 1, last_page: 1 } },
      },
    });
    const { router } = renderRoutes(routes, '/leads/list');
    const user = userEvent.setup();
    await selectRows(user, 'Иванов');
    expect(await screen.findByRole('region', { name: 'Действия с выбранными лидами' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Объединить' })).not.toBeInTheDocument();
    await selectRows(user, 'Петров');
    await user.click(await screen.findByRole('button', { name: 'Объединить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Объединение лидов' });
    expect(await within(dialog).findByRole('radio', { name: 'Оставить Иванов Иван (#7)' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Оставить Петров Иван (#8)' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));

    await router.navigate('/leads/list?view=duplicates');
    const groups = await screen.findByRole('list', { name: 'Возможные дубли' });
    expect(within(groups).getByText(/Одинаковый телефон: \+7 900 123-45-67/)).toBeInTheDocument();
    expect(within(groups).getAllByRole('button', { name: /^Объединить / })).toHaveLength(2);
  });

  it('does not offer Возможные дубли without delete lead', async () => {
    server();
    renderRoutes(routes, '/leads/list?view=duplicates', [
      { action: 'view', subject: 'lead' },
      { action: 'edit', subject: 'lead' },
    ] as AbilityRule[]);
    await screen.findByRole('link', { name: 'Иванов Иван' });
    expect(screen.queryByRole('button', { name: 'Возможные дубли' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Возможные дубли' })).not.toBeInTheDocument();
  });
});
