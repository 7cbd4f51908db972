import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import type { LeadListItem } from '@crm/shared/schemas';
import { mockFetch, requestsTo, type MockRequest } from '@crm/shared/testing';
import { renderRoutes } from '@crm/shared/testing';
import { LeadsListPage } from './leads-list-page';

const statusOptions = [
  { value: 1, label: 'Новый' },
  { value: 3, label: 'В работе' },
];

const routes: RouteObject[] = [{ path: '/leads/list', element: <LeadsListPage statusOptions={statusOptions} /> }];

const lead: LeadListItem = {
  id: 7,
  surname: 'Иванов',
  firstname: 'Иван',
  patronymic: 'Петрович',
  phone: '+7 900 123-45-67',
  status_id: 3,
  additional_info: '',
  users: [2, 5],
  created_by: 1,
  created_at: '2025-03-15T12:00:00.000Z',
  updated_at: '2025-03-15T12:00:00.000Z',
  version: 1,
  status: { id: 3, name: 'В работе', color: '#FF9F43' },
  responsible: [
    { id: 2, first_name: 'Анна', name: 'Анна Смирнова' },
    { id: 5, first_name: 'Олег', name: 'Олег Кузнецов' },
  ],
  is_favorite: false,
};

/** Answers GET /api/leads with `rows` as one page out of `total`. */
function leadsApi(rows: LeadListItem[], total = rows.length) {
  return ({ url }: MockRequest) => {
    const perPage = Number(url.searchParams.get('per_page') ?? 25);
    const page = Number(url.searchParams.get('page') ?? 1);
    return { body: { data: rows, meta: { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) } } };
  };
}

const lastQuery = (fetch: ReturnType<typeof mockFetch>) => {
  const requests = requestsTo(fetch, 'GET /api/leads');
  return Object.fromEntries(requests[requests.length - 1].url.searchParams);
};

describe('LeadsListPage', () => {
  it('renders a row per lead: full name, phone, status, responsible users and the date', async () => {
    mockFetch({ 'GET /api/leads': leadsApi([lead]) });
    renderRoutes(routes, '/leads/list');

    const row = (await screen.findByRole('cell', { name: 'Иванов Иван Петрович' })).closest('tr')!;
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['Иванов Иван Петрович', '+7 900 123-45-67', 'В работе', 'Анна СмирноваОлег Кузнецов', '15.03.2025']);
    expect(screen.getByText('1–1 of 1')).toBeInTheDocument();
  });

  it("says 'No data available' when there are no leads", async () => {
    mockFetch({ 'GET /api/leads': leadsApi([]) });
    renderRoutes(routes, '/leads/list');
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('reads page, page size, search, status and sort from the URL and sends them to the API', async () => {
    const fetch = mockFetch({ 'GET /api/leads': leadsApi([lead], 60) });
    renderRoutes(routes, '/leads/list?page=2&per_page=10&search=Иван&status_id=3&sort=phone');

    await screen.findByRole('cell', { name: 'Иванов Иван Петрович' });
    expect(lastQuery(fetch)).toEqual({ page: '2', per_page: '10', search: 'Иван', status_id: '3', sort: 'phone' });
    expect(screen.getByLabelText('Поиск')).toHaveValue('Иван');
    expect(screen.getByRole('combobox', { name: 'Rows per page:' })).toHaveValue('10');
    expect(screen.getByText('В работе', { selector: '[class*="singleValue"]' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('columnheader', { name: 'Телефон' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('falls back to the defaults for values the API would reject', async () => {
    const fetch = mockFetch({ 'GET /api/leads': leadsApi([lead]) });
    renderRoutes(routes, '/leads/list?page=-1&per_page=7&sort=password&status_id=abc');
    await screen.findByRole('cell', { name: 'Иванов Иван Петрович' });
    expect(lastQuery(fetch)).toEqual({ page: '1', per_page: '25', sort: '-created_at' });
  });

  it('writes page, page size, sort, status and the debounced search to the URL', async () => {
    const fetch = mockFetch({ 'GET /api/leads': leadsApi([lead], 120) });
    const { router } = renderRoutes(routes, '/leads/list');
    const user = userEvent.setup();
    const params = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
    await screen.findByRole('cell', { name: 'Иванов Иван Петрович' });

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(params()).toEqual({ page: '3' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page:' }), '50');
    expect(params()).toEqual({ per_page: '50' });

    await user.click(screen.getByRole('button', { name: 'Телефон' }));
    expect(params()).toEqual({ per_page: '50', sort: 'phone' });

    await user.click(screen.getByLabelText('Статус'));
    await user.click(await screen.findByRole('option', { name: 'В работе' }));
    expect(params()).toEqual({ per_page: '50', sort: 'phone', status_id: '3' });

    await user.type(screen.getByLabelText('Поиск'), 'Петров');
    await waitFor(() => expect(params()).toEqual({ per_page: '50', sort: 'phone', status_id: '3', search: 'Петров' }));
    await waitFor(() => expect(lastQuery(fetch)).toEqual({ page: '1', per_page: '50', sort: 'phone', status_id: '3', search: 'Петров' }));
    // One request for the finished word, not one per letter.
    expect(requestsTo(fetch, 'GET /api/leads').filter((r) => r.url.searchParams.has('search'))).toHaveLength(1);
  });
});
