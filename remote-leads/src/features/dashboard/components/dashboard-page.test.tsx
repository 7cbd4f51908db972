import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { Dashboard } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { DashboardPage } from './dashboard-page';

jest.setTimeout(30_000);

const dashboard: Dashboard = {
  from: '2026-03-01',
  to: '2026-03-03',
  tz: 'Europe/Moscow',
  team_id: null,
  teams: [{ id: 4, name: 'Север' }],
  total_new: 5,
  new_leads: [
    { date: '2026-03-01', count: 2 },
    { date: '2026-03-02', count: 0 },
    { date: '2026-03-03', count: 3 },
  ],
  funnel: [
    { status_id: null, name: 'Без статуса', color: '#A8AAAE', count: 1 },
    { status_id: 1, name: 'Новый', color: '#00CFE8', count: 3 },
    { status_id: 2, name: 'В работе', color: '#FF9F43', count: 1 },
  ],
  conversion: [{ from_status_id: 1, to_status_id: 2, exits: 4, converted: 3, rate: 0.75 }],
  time_in_status: [
    { status_id: 1, median_seconds: 2 * 86_400 + 4 * 3600, stays: 4 },
    { status_id: 2, median_seconds: null, stays: 0 },
  ],
  by_user: [{ user_id: 7, name: 'Анна', count: 4 }],
  overdue_tasks: [{ user_id: 7, name: 'Анна', count: 2 }],
};

const routes: RouteObject[] = [
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/leads/list', element: <p>Список лидов</p> },
];

// The charts after the first are drawn one per idle moment (DeferredBlock): wait for each.
const chart = async (title: string) => (await screen.findByText(title)).closest('section')!;

describe('DashboardPage', () => {
  it('draws each figure as named bars; a funnel bar opens the list filtered the same way', async () => {
    const fetch = mockFetch({ 'GET /api/dashboard': { body: { data: dashboard } } });
    const { router } = renderRoutes(routes, '/dashboard?team_id=4');
    expect(await screen.findByText('Новых лидов за период:')).toBeInTheDocument();
    // The page asks once, with the URL's team and the browser's zone.
    const [request] = requestsTo(fetch, 'GET /api/dashboard');
    expect(request.url.searchParams.get('team_id')).toBe('4');
    expect(request.url.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    const funnel = within(await chart('Воронка'));
    const bar = funnel.getByRole('link', { name: 'Новый: 3' });
    expect(bar).toHaveAttribute('href', '/leads/list?status_id=1&created_from=2026-03-01&created_to=2026-03-03&tz=Europe%2FMoscow');
    expect(funnel.getByRole('link', { name: 'Без статуса: 1' })).toHaveAttribute('href', expect.stringContaining('status_id=none'));
    // 366 thin columns cannot each be a 24 px target: the days link from the table view.
    const days = within(await chart('Новые лиды по дням'));
    expect(days.queryByRole('link')).not.toBeInTheDocument();
    expect(days.getByText('03.03: 3')).toBeInTheDocument();
    await userEvent.setup().click(days.getByRole('button', { name: 'Таблица' }));
    expect(days.getByRole('link', { name: '03.03' })).toHaveAttribute('href', '/leads/list?created_from=2026-03-03&created_to=2026-03-03&tz=Europe%2FMoscow');
    expect(within(await chart('Конверсия между статусами')).getByText('Новый → В работе: 75 % (3 из 4)')).toBeInTheDocument();
    expect(within(await chart('Время в статусе (медиана)')).getByText('Новый: 2 д 4 ч')).toBeInTheDocument();
    expect(within(await chart('Просроченные задачи')).getByText('Анна: 2')).toBeInTheDocument();

    await userEvent.setup().click(bar);
    expect(router.state.location.pathname).toBe('/leads/list');
    expect(router.state.location.search).toContain('status_id=1');
  });

  it('shows each chart as a table on "Таблица", and back', async () => {
    mockFetch({ 'GET /api/dashboard': { body: { data: dashboard } } });
    renderRoutes(routes, '/dashboard');
    await screen.findByText('Новых лидов за период:');
    const user = userEvent.setup();
    const card = within(await chart('Время в статусе (медиана)'));
    await user.click(card.getByRole('button', { name: 'Таблица' }));
    const table = card.getByRole('table', { name: 'Время в статусе (медиана)' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['СтатусМедианаВыходов', 'Новый2 д 4 ч4', 'В работе—0']);
    await user.click(card.getByRole('button', { name: 'График' }));
    expect(card.queryByRole('table')).not.toBeInTheDocument();
  });

  it('links the users chart only for whoever may filter the list by user', async () => {
    mockFetch({ 'GET /api/dashboard': { body: { data: dashboard } } });
    renderRoutes(routes, '/dashboard', [
      { action: 'view', subject: 'dashboard' },
      { action: 'view', subject: 'lead' },
    ]);
    await screen.findByText('Новых лидов за период:');
    const users = within(await chart('Лиды по ответственным'));
    expect(users.queryByRole('link')).not.toBeInTheDocument();
    expect(users.getByText('Анна: 4')).toBeInTheDocument();
  });

  it('draws each bar as its share of the longest, in its status colour', async () => {
    mockFetch({ 'GET /api/dashboard': { body: { data: dashboard } } });
    renderRoutes(routes, '/dashboard');
    await screen.findByText('Новых лидов за период:');
    const funnel = within(await chart('Воронка'));
    expect(funnel.getByRole('link', { name: 'Новый: 3' })).toHaveStyle({ width: '80%', background: '#00CFE8' });
    expect(parseFloat(funnel.getByRole('link', { name: 'В работе: 1' }).style.width)).toBeCloseTo(80 / 3);
  });

  it('holds the team filter’s place while the figures load, and drops it when there are no teams', async () => {
    mockFetch({ 'GET /api/dashboard': { body: { data: { ...dashboard, teams: [] } } } });
    renderRoutes(routes, '/dashboard');
    expect(screen.getByRole('combobox', { name: 'Команда' })).toBeInTheDocument();
    await screen.findByText('Новых лидов за период:');
    expect(screen.queryByRole('combobox', { name: 'Команда' })).not.toBeInTheDocument();
  });

  it('shows the API\'s message under the field of a bad period', async () => {
    mockFetch({ 'GET /api/dashboard': { status: 422, body: { message: 'Данные не прошли проверку', errors: { from: ['Начало периода позже его конца'] } } } });
    renderRoutes(routes, '/dashboard?from=2026-03-10&to=2026-03-01');
    expect(await screen.findByText('Начало периода позже его конца')).toBeInTheDocument();
  });
});
