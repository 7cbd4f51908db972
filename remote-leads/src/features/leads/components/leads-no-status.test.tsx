import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { LeadListItem, LeadStatus } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo, type MockRequest } from '@crm/shared/testing';
import { LeadsListPage } from './leads-list-page';

// The selects and user-event are slow in jsdom, and the machine runs other suites alongside.
jest.setTimeout(30_000);

const statuses: LeadStatus[] = [
  { id: 1, name: 'Новый', color: '#00CFE8', position: 1 },
  { id: 3, name: 'В работе', color: '#FF9F43', position: 2 },
];

const routes: RouteObject[] = [{ path: '/leads/list', element: <LeadsListPage statuses={statuses} /> }];

const bare: LeadListItem = {
  id: 9,
  surname: 'Бесстатусный',
  firstname: 'Пётр',
  patronymic: '',
  phone: '+7 900 123-45-00',
  status_id: null,
  additional_info: '',
  users: [],
  created_by: 1,
  created_at: '2025-03-15T12:00:00.000Z',
  updated_at: '2025-03-15T12:00:00.000Z',
  version: 1,
  status: null,
  responsible: [],
  is_favorite: false,
};
const NAME = 'Бесстатусный Пётр';

function leadsApi(rows: () => LeadListItem[]) {
  return ({ url }: MockRequest) => {
    const perPage = Number(url.searchParams.get('per_page') ?? 25);
    const page = Number(url.searchParams.get('page') ?? 1);
    return { body: { data: rows(), meta: { current_page: page, per_page: perPage, total: rows().length, last_page: 1 } } };
  };
}

const lastQuery = (fetch: ReturnType<typeof mockFetch>) => {
  const requests = requestsTo(fetch, 'GET /api/leads');
  return Object.fromEntries(requests[requests.length - 1].url.searchParams);
};

describe("LeadsListPage: leads without a status ('Без статуса')", () => {
  it("offers 'Без статуса' first in the status filter and asks the API for status_id=none", async () => {
    const fetch = mockFetch({ 'GET /api/leads': leadsApi(() => [bare]), 'GET /api/users': { body: { data: [] } } });
    const { router } = renderRoutes(routes, '/leads/list');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: NAME });

    await user.click(screen.getByLabelText('Статус'));
    const menu = await screen.findByRole('listbox');
    // The clearable filter's own 'Все статусы' first, then 'Без статуса' before the statuses.
    expect(within(menu).getAllByRole('option').map((option) => option.textContent)).toEqual(['Все статусы', 'Без статуса', 'Новый', 'В работе']);
    await user.click(within(menu).getByRole('option', { name: 'Без статуса' }));

    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ status_id: 'none' });
    await waitFor(() => expect(lastQuery(fetch)).toMatchObject({ status_id: 'none' }));
  });

  it('reads status_id=none from the URL', async () => {
    const fetch = mockFetch({ 'GET /api/leads': leadsApi(() => [bare]), 'GET /api/users': { body: { data: [] } } });
    renderRoutes(routes, '/leads/list?status_id=none');
    await screen.findByRole('link', { name: NAME });
    expect(lastQuery(fetch)).toMatchObject({ status_id: 'none' });
    expect(screen.getByRole('combobox', { name: 'Статус' })).toHaveTextContent('Без статуса');
  });

  it("the inline status select shows 'Без статуса', sets a status from it and clears one back to it", async () => {
    let current = bare;
    const fetch = mockFetch({
      'GET /api/leads': leadsApi(() => [current]),
      'GET /api/users': { body: { data: [] } },
      'POST /api/leads/status/9': ({ body }) => {
        const statusId = (body as { status_id: number | null }).status_id;
        const status = statuses.find((s) => s.id === statusId);
        current = { ...bare, status_id: statusId, status: status ? { id: status.id, name: status.name, color: status.color } : null };
        return { body: { data: { ...current, creator: null, updated_by: null } } };
      },
    });
    renderRoutes(routes, '/leads/list');
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: `Статус: ${NAME}` });
    expect(select).toHaveDisplayValue('Без статуса');

    await user.selectOptions(select, 'Новый');
    await waitFor(() => expect(requestsTo(fetch, 'POST /api/leads/status/9')).toHaveLength(1));
    expect(requestsTo(fetch, 'POST /api/leads/status/9')[0].body).toEqual({ status_id: 1 });
    await waitFor(() => expect(select).toHaveValue('1'));

    await user.selectOptions(select, 'Без статуса');
    await waitFor(() => expect(requestsTo(fetch, 'POST /api/leads/status/9')).toHaveLength(2));
    expect(requestsTo(fetch, 'POST /api/leads/status/9')[1].body).toEqual({ status_id: null });
    await waitFor(() => expect(select).toHaveDisplayValue('Без статуса'));
  });
});
