import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { LeadListItem, LeadStatus, ListedUser } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo, type MockRequest } from '@crm/shared/testing';
import { LeadsListPage } from './leads-list-page';

// The selects, the drawer and user-event are slow in jsdom, and the machine runs other suites alongside.
jest.setTimeout(30_000);

const statuses: LeadStatus[] = [
  { id: 1, name: 'Новый', color: '#00CFE8', position: 1 },
  { id: 3, name: 'В работе', color: '#FF9F43', position: 2 },
];

const routes: RouteObject[] = [
  { path: '/leads/list', element: <LeadsListPage statuses={statuses} /> },
  { path: '/leads/:id', element: <p>lead page</p> },
];

const lead: LeadListItem = {
  id: 7,
  surname: 'Иванов',
  firstname: 'Иван',
  patronymic: 'Петрович',
  phone: '+7 (900) 123-45-67',
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
const NAME = 'Иванов Иван Петрович';

const users: ListedUser[] = [
  { id: 2, first_name: 'Анна', name: 'Анна Смирнова', email: 'anna@example.com', role: 'Manager', avatar: null, active: true },
];

function leadsApi({ url }: MockRequest) {
  const perPage = Number(url.searchParams.get('per_page') ?? 25);
  return { body: { data: [lead], meta: { current_page: 1, per_page: perPage, total: 1, last_page: 1 } } };
}

const paramsOf = (router: ReturnType<typeof renderRoutes>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

/** A window `width` px wide, as far as media queries go (jsdom has no layout). */
function windowWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const max = /max-width: ([\d.]+)px/.exec(query);
    const min = /min-width: ([\d.]+)px/.exec(query);
    return {
      matches: (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  }) as unknown as typeof window.matchMedia;
}

describe('LeadsListPage on a phone (below 600 px)', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('shows a card per lead with its status, a tel: link and the quick actions, and no table', async () => {
    windowWidth(390);
    const fetch = mockFetch({
      'GET /api/leads': leadsApi,
      'GET /api/users': { body: { data: users } },
      'POST /api/leads/status/7': { body: { data: { ...lead, status_id: 1, status: { id: 1, name: 'Новый', color: '#00CFE8' }, creator: null, updated_by: null } } },
    });
    renderRoutes(routes, '/leads/list');
    const user = userEvent.setup();

    const card = await screen.findByRole('article', { name: NAME });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: NAME })).toHaveAttribute('href', '/leads/7');
    expect(within(card).getByRole('link', { name: `Позвонить ${NAME}: +7 (900) 123-45-67` })).toHaveAttribute('href', 'tel:+79001234567');
    expect(within(card).getByRole('link', { name: `Комментарий к ${NAME}` })).toHaveAttribute('href', '/leads/7#comments');
    expect(within(card).getByText('Анна Смирнова')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: `Избранное: ${NAME}` })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('1–1 из 1')).toBeInTheDocument();

    // The status is changed from the card, as from the table's row.
    const status = within(card).getByRole('combobox', { name: `Статус: ${NAME}` });
    expect(status).toHaveValue('3');
    await user.selectOptions(status, 'Новый');
    await waitFor(() => expect(requestsTo(fetch, 'POST /api/leads/status/7')).toHaveLength(1));
    expect(requestsTo(fetch, 'POST /api/leads/status/7')[0].body).toEqual({ status_id: 1 });
  });

  it('keeps the table from 600 px up', async () => {
    windowWidth(600);
    mockFetch({ 'GET /api/leads': leadsApi, 'GET /api/users': { body: { data: users } } });
    renderRoutes(routes, '/leads/list');
    expect(await screen.findByRole('table', { name: 'Лиды' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Фильтры/ })).not.toBeInTheDocument();
  });

  it('folds the filters into a drawer opened by "Фильтры", which counts the active ones; the search stays in view', async () => {
    windowWidth(390);
    mockFetch({ 'GET /api/leads': leadsApi, 'GET /api/users': { body: { data: users } } });
    const { router } = renderRoutes(routes, '/leads/list?status_id=3&user_id=2');
    const user = userEvent.setup();

    await screen.findByRole('article', { name: NAME });
    expect(screen.getByLabelText('Поиск')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Статус' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Только избранные' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Фильтры (2)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Фильтры' });
    expect(within(drawer).getByRole('combobox', { name: 'Статус' })).toHaveTextContent('В работе');
    expect(within(drawer).getByRole('combobox', { name: 'Ответственный' })).toHaveTextContent('Анна Смирнова');

    await user.click(within(drawer).getByRole('checkbox', { name: 'Только избранные' }));
    expect(paramsOf(router)).toEqual({ status_id: '3', user_id: '2', favorite: '1' });
    await user.click(within(drawer).getByRole('button', { name: 'Показать' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Фильтры' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Фильтры (3)' })).toBeInTheDocument();
  });
});
