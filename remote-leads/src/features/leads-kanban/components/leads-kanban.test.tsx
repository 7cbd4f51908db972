import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { AbilityRule, LeadListItem, LeadStatus } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo, type MockAnswer, type MockRequest } from '@crm/shared/testing';
import type { LeadsFilters } from '../../../api/get-leads';
import { LeadsKanban } from './leads-kanban';

// The selects and user-event are slow in jsdom, and the machine runs other suites alongside.
jest.setTimeout(30_000);

// Given out of order: the board orders its columns by position.
const statuses: LeadStatus[] = [
  { id: 3, name: 'В работе', color: '#FF9F43', position: 2 },
  { id: 1, name: 'Новый', color: '#00CFE8', position: 1 },
  { id: 4, name: 'Закрыт', color: '#28C76F', position: 3 },
];

function makeLead(id: number, statusId: number | null, surname: string): LeadListItem {
  const status = statuses.find((s) => s.id === statusId);
  return {
    id,
    surname,
    firstname: 'Иван',
    patronymic: '',
    phone: `+7 900 000-00-${String(id).padStart(2, '0')}`,
    status_id: statusId,
    additional_info: '',
    users: [2],
    created_by: 1,
    created_at: '2025-03-15T12:00:00.000Z',
    updated_at: '2025-03-15T12:00:00.000Z',
    version: 1,
    status: status ? { id: status.id, name: status.name, color: status.color } : null,
    responsible: [{ id: 2, first_name: 'Анна', name: 'Анна Смирнова' }],
    is_favorite: false,
  };
}

/** A tiny server: GET /api/leads filters by status and pages; POST /api/leads/status/{id} moves a lead. */
function leadsServer(initial: LeadListItem[], options: { failMove?: MockAnswer } = {}) {
  let db = initial;
  const list = ({ url }: MockRequest) => {
    const param = url.searchParams.get('status_id');
    const statusId = param === 'none' ? null : Number(param);
    const perPage = Number(url.searchParams.get('per_page'));
    const page = Number(url.searchParams.get('page'));
    const rows = db.filter((lead) => lead.status_id === statusId);
    const data = rows.slice((page - 1) * perPage, page * perPage);
    return { body: { data, meta: { current_page: page, per_page: perPage, total: rows.length, last_page: Math.max(1, Math.ceil(rows.length / perPage)) } } };
  };
  const move = ({ url, body }: MockRequest) => {
    if (options.failMove) return options.failMove;
    const id = Number(url.pathname.split('/').pop());
    const statusId = (body as { status_id: number | null }).status_id;
    db = db.map((lead) => (lead.id === id ? makeLead(id, statusId, lead.surname) : lead));
    // The API answers the whole lead (its detail: creator and last editor too).
    return { body: { data: { ...db.find((lead) => lead.id === id), creator: null, updated_by: null } } };
  };
  const routes: Record<string, (request: MockRequest) => MockAnswer> = { 'GET /api/leads': list };
  for (const lead of initial) routes[`POST /api/leads/status/${lead.id}`] = move;
  return routes;
}

const render = (filters: LeadsFilters = {}, rules?: AbilityRule[]) => {
  const routes: RouteObject[] = [{ path: '/leads/list', element: <LeadsKanban statuses={statuses} filters={filters} /> }];
  return renderRoutes(routes, '/leads/list', rules);
};

const column = (name: string) => screen.getByRole('region', { name });
const countOf = (name: string) => within(column(name)).getByText(/^Лидов: /).textContent?.replace('Лидов: ', '');
/** jsdom has no DataTransfer; the board reads and writes only these. */
const dataTransfer = () => ({ setData: jest.fn(), getData: jest.fn(), effectAllowed: '', dropEffect: '' });

describe('LeadsKanban', () => {
  it('shows a column per status in position order, each with its count, loaded with the filters', async () => {
    const fetch = mockFetch(leadsServer([makeLead(7, 3, 'Иванов'), makeLead(8, 1, 'Петров'), makeLead(9, 1, 'Сидоров')]));
    render({ search: 'Ив', user_id: 2, favorite: '1', sort: 'surname' });

    await within(await screen.findByRole('region', { name: 'В работе' })).findByRole('article', { name: 'Иванов Иван' });
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual(['Без статуса', 'Новый', 'В работе', 'Закрыт']);
    await waitFor(() => expect(countOf('Новый')).toBe('2'));
    expect(countOf('В работе')).toBe('1');
    expect(countOf('Закрыт')).toBe('0');

    const card = within(column('Новый')).getByRole('article', { name: 'Петров Иван' });
    expect(within(card).getByRole('link', { name: 'Петров Иван' })).toHaveAttribute('href', '/leads/8');
    expect(card).toHaveTextContent('+7 900 000-00-08');
    expect(card).toHaveTextContent('Анна Смирнова');
    expect(within(card).getByRole('button', { name: 'Избранное: Петров Иван' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(column('Закрыт')).getByText('Нет данных')).toBeInTheDocument();

    const queries = requestsTo(fetch, 'GET /api/leads').map((request) => Object.fromEntries(request.url.searchParams));
    for (const statusId of ['none', '1', '3', '4']) {
      expect(queries).toContainEqual({ status_id: statusId, page: '1', per_page: '20', search: 'Ив', user_id: '2', favorite: '1', sort: 'surname' });
    }
  });

  it('moves a dropped card at once, sends POST /api/leads/status/{id} and keeps it there', async () => {
    const fetch = mockFetch(leadsServer([makeLead(7, 3, 'Иванов'), makeLead(8, 1, 'Петров')]));
    render();
    const card = await within(await screen.findByRole('region', { name: 'В работе' })).findByRole('article', { name: 'Иванов Иван' });
    await waitFor(() => expect(countOf('Закрыт')).toBe('0'));

    const transfer = dataTransfer();
    fireEvent.dragStart(card, { dataTransfer: transfer });
    expect(transfer.setData).toHaveBeenCalledWith('application/x-crm-lead', '7');
    fireEvent.dragOver(column('Закрыт'), { dataTransfer: transfer });
    fireEvent.drop(column('Закрыт'), { dataTransfer: transfer });

    expect(within(column('Закрыт')).getByRole('article', { name: 'Иванов Иван' })).toBeInTheDocument();
    expect(within(column('В работе')).queryByRole('article', { name: 'Иванов Иван' })).not.toBeInTheDocument();
    expect(countOf('Закрыт')).toBe('1');
    expect(countOf('В работе')).toBe('0');

    await waitFor(() => expect(requestsTo(fetch, 'POST /api/leads/status/7')).toHaveLength(1));
    expect(requestsTo(fetch, 'POST /api/leads/status/7')[0].body).toEqual({ status_id: 4 });
    // Both columns are reloaded from the server; the card stays where it was dropped, once.
    await waitFor(() =>
      expect(requestsTo(fetch, 'GET /api/leads').filter((r) => r.url.searchParams.get('status_id') === '4')).toHaveLength(2),
    );
    await waitFor(() => expect(within(column('Закрыт')).getAllByRole('article')).toHaveLength(1));
    expect(within(column('В работе')).getByText('Нет данных')).toBeInTheDocument();
    expect(countOf('Закрыт')).toBe('1');  expect(screen.getByText('Статус изменён')).toBeInTheDocument();
  });

  it("shows the leads without a status in a first column 'Без статуса'; cards are dragged out of it and into it", async () => {
    const fetch = mockFetch(leadsServer([makeLead(7, null, 'Бесстатусный'), makeLead(8, 1, 'Петров')]));
    render();
    const card = await within(await screen.findByRole('region', { name: 'Без статуса' })).findByRole('article', { name: 'Бесстатусный Иван' });
    await waitFor(() => expect(countOf('Без статуса')).toBe('1'));
    expect(within(card).getByRole('combobox', { name: 'Статус: Бесстатусный Иван' })).toHaveTextContent('Без статуса');

    // Out of it: onto 'Новый'.
    fireEvent.dragStart(card, { dataTransfer: dataTransfer() });
    fireEvent.dragOver(column('Новый'), { dataTransfer: dataTransfer() });
    fireEvent.drop(column('Новый'), { dataTransfer: dataTransfer() });
    await waitFor(() => expect(requestsTo(fetch, 'POST /api/leads/status/7')).toHaveLength(1));
    expect(requestsTo(fetch, 'POST /api/leads/status/7')[0].body).toEqual({ status_id: 1 });
    await waitFor(() => expect(countOf('Новый')).toBe('2'));
    await waitFor(() => expect(countOf('Без статуса')).toBe('0'));

    // Into it: the other card, dropped on 'Без статуса', clears its status.
    const other = within(column('Новый')).getByRole('article', { name: 'Петров Иван' });
    fireEvent.dragStart(other, { dataTransfer: dataTransfer() });
    fireEvent.dragOver(column('Без статуса'), { dataTransfer: dataTransfer() });
    fireEvent.drop(column('Без статуса'), { dataTransfer: dataTransfer() });
    expect(within(column('Без статуса')).getByRole('article', { name: 'Петров Иван' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetch, 'POST /api/leads/status/8')).toHaveLength(1));
    expect(requestsTo(fetch, 'POST /api/leads/status/8')[0].body).toEqual({ status_id: null });
    await waitFor(() => expect(countOf('Без статуса')).toBe('1'));
    await waitFor(() => expect(within(column('Без статуса')).getAllByRole('article')).toHaveLength(1));
  });

  it('puts the card back in its column and says why when the move fails', async () => {
    mockFetch(leadsServer([makeLead(7, 3, 'Иванов')], { failMove: { status: 403, body: { message: 'This action is unauthorized.', code: 'FORBIDDEN' } } }));
    render();
    const card = await within(await screen.findByRole('region', { name: 'В работе' })).findByRole('article', { name: 'Иванов Иван' });

    fireEvent.dragStart(card, { dataTransfer: dataTransfer() });
    fireEvent.dragOver(column('Новый'), { dataTransfer: dataTransfer() });
    fireEvent.drop(column('Новый'), { dataTransfer: dataTransfer() });
    expect(within(column('Новый')).getByRole('article', { name: 'Иванов Иван' })).toBeInTheDocument();

    expect(await screen.findByText('Не удалось изменить статус: Недостаточно прав для этого действия.')).toBeInTheDocument();
    expect(within(column('В работе')).getByRole('article', { name: 'Иванов Иван' })).toBeInTheDocument();
    expect(within(column('Новый')).queryByRole('article')).not.toBeInTheDocument();
  });

  it('ignores a drop on the card’s own column', async () => {
    const fetch = mockFetch(leadsServer([makeLead(7, 3, 'Иванов')]));
    render();
    const card = await within(await screen.findByRole('region', { name: 'В работе' })).findByRole('article', { name: 'Иванов Иван' });
    fireEvent.dragStart(card, { dataTransfer: dataTransfer() });
    fireEvent.drop(column('В работе'), { dataTransfer: dataTransfer() });
    expect(requestsTo(fetch, 'POST /api/leads/status/7')).toHaveLength(0);
  });

  it("moves a card with its status menu, the kit's select: a listbox of the statuses, from the pointer or the keyboard", async () => {
    const fetch = mockFetch(leadsServer([makeLead(7, 3, 'Иванов'), makeLead(8, 3, 'Петров')]));
    render();
    const user = userEvent.setup();
    const card = await within(await screen.findByRole('region', { name: 'В работе' })).findByRole('article', { name: 'Иванов Иван' });

    const menu = within(card).getByRole('combobox', { name: 'Статус: Иванов Иван' });
    expect(menu).toHaveTextContent('В работе');
    await user.click(menu);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Без статуса', 'Новый', 'В работе', 'Закрыт']);
    await user.click(within(listbox).getByRole('option', { name: 'Новый' }));
    expect(await within(column('Новый')).findByRole('article', { name: 'Иванов Иван' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetch, 'POST /api/leads/status/7')).toHaveLength(1));
    expect(requestsTo(fetch, 'POST /api/leads/status/7')[0].body).toEqual({ status_id: 1 });

    // From the keyboard: focus, open with Enter, move up to 'Без статуса', choose.
    const other = within(column('В работе')).getByRole('combobox', { name: 'Статус: Петров Иван' });
    other.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowUp}{ArrowUp}{Enter}');
    await waitFor(() => expect(requestsTo(fetch, 'POST /api/leads/status/8')).toHaveLength(1));
    expect(requestsTo(fetch, 'POST /api/leads/status/8')[0].body).toEqual({ status_id: null });
  });

  it('loads the next 20 cards of a column with "Показать ещё"', async () => {
    const many = Array.from({ length: 25 }, (_, index) => makeLead(index + 1, 1, `Лид${index + 1}`));
    const fetch = mockFetch(leadsServer(many));
    render();
    const user = userEvent.setup();
    const first = await screen.findByRole('region', { name: 'Новый' });
    await within(first).findByRole('article', { name: 'Лид1 Иван' });
    expect(within(first).getAllByRole('article')).toHaveLength(20);
    expect(countOf('Новый')).toBe('25');

    await user.click(within(first).getByRole('button', { name: 'Показать ещё' }));
    expect(await within(first).findByRole('article', { name: 'Лид25 Иван' })).toBeInTheDocument();
    expect(within(first).getAllByRole('article')).toHaveLength(25);
    expect(within(first).queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    const second = requestsTo(fetch, 'GET /api/leads').filter((r) => r.url.searchParams.get('page') === '2');
    expect(second.map((r) => r.url.searchParams.get('status_id'))).toEqual(['1']);
  });

  it("toggles the caller's star on a card", async () => {
    const fetch = mockFetch({
      ...leadsServer([makeLead(7, 3, 'Иванов')]),
      'GET /api/leads/favorite/7': { body: { data: { is_favorite: true } } },
    });
    render();
    const user = userEvent.setup();
    const star = await screen.findByRole('button', { name: 'Избранное: Иванов Иван' });
    await user.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(requestsTo(fetch, 'GET /api/leads/favorite/7')).toHaveLength(1));
    expect(star).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers neither dragging nor the status menu without `edit lead`', async () => {
    mockFetch(leadsServer([makeLead(7, 3, 'Иванов')]));
    render({}, [{ action: 'view', subject: 'lead' }]);
    const card = await screen.findByRole('article', { name: 'Иванов Иван' });
    expect(card).toHaveAttribute('draggable', 'false');
    expect(within(card).queryByRole('combobox')).not.toBeInTheDocument();
  });
});
