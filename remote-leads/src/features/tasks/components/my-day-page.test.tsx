import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { Task } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo, type MockRequest } from '@crm/shared/testing';
import { MyDayPage } from './my-day-page';

jest.setTimeout(30_000);

const task = (id: number, title: string, overrides: Partial<Task> = {}): Task => ({
  id,
  lead: { id: 7, name: 'Иванов Иван' },
  type: 'task',
  title,
  note: '',
  due_at: '2030-01-02T07:00:00.000Z',
  remind_before_minutes: null,
  assignee: { id: 2, name: 'Анна' },
  created_by: null,
  done: false,
  done_at: null,
  done_by: null,
  version: 1,
  created_at: '2029-12-30T07:00:00.000Z',
  updated_at: '2029-12-30T07:00:00.000Z',
  ...overrides,
});

const buckets: Record<string, Task[]> = {
  overdue: [task(1, 'Просроченный звонок', { type: 'call', due_at: '2020-01-01T07:00:00.000Z' })],
  today: [task(2, 'Встреча сегодня', { lead: null })],
  week: [],
  done: [task(4, 'Готово', { done: true, done_at: '2029-12-31T07:00:00.000Z' })],
};

const routes: RouteObject[] = [
  { path: '/tasks', element: <MyDayPage /> },
  { path: '/leads/7', element: <p>Лид 7</p> },
];

function setup() {
  const fetch = mockFetch({
    'GET /api/tasks': ({ url }: MockRequest) => ({ body: { data: buckets[url.searchParams.get('due') ?? ''] ?? [] } }),
    'GET /api/account/calendar-token': { body: { data: { active: false } } },
    'POST /api/account/calendar-token': { body: { data: { url: 'http://crm.test/api/tasks/calendar/abc.ics' } } },
    'PATCH /api/tasks/2': { body: { data: task(2, 'Встреча сегодня', { done: true }) } },
  });
  renderRoutes(routes, '/tasks');
  return { fetch, user: userEvent.setup({ delay: null }) };
}

describe('MyDayPage', () => {
  it('groups the caller’s tasks: Просрочено, Сегодня, Предстоящие, asking in the browser’s zone', async () => {
    const { fetch } = setup();
    expect(await screen.findByRole('heading', { name: 'Мой день' })).toBeInTheDocument();
    const overdue = screen.getByRole('region', { name: 'Просрочено' });
    expect(await within(overdue).findByText('Просроченный звонок')).toBeInTheDocument();
    expect(within(overdue).getByText(/просрочена/)).toBeInTheDocument();
    expect(within(overdue).getByRole('link', { name: 'Иванов Иван' })).toHaveAttribute('href', '/leads/7');
    expect(await within(screen.getByRole('region', { name: 'Сегодня' })).findByText('Встреча сегодня')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Предстоящие' })).findByText('На неделю вперёд задач нет')).toBeInTheDocument();
    const zones = requestsTo(fetch, 'GET /api/tasks').map((r) => [r.url.searchParams.get('assignee'), r.url.searchParams.get('tz')]);
    expect(zones).toContainEqual(['me', Intl.DateTimeFormat().resolvedOptions().timeZone]);
  });

  it('a done toggle saves over the version and the lists reload; the Done filter shows done tasks', async () => {
    const { fetch, user } = setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Выполнено: Встреча сегодня' }));
    await waitFor(() => expect(requestsTo(fetch, 'PATCH /api/tasks/2')).toHaveLength(1));
    expect(requestsTo(fetch, 'PATCH /api/tasks/2')[0].body).toEqual({ version: 1, done: true });
    await user.click(screen.getByRole('button', { name: 'Выполненные' }));
    expect(await screen.findByText('Готово')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Просрочено' })).not.toBeInTheDocument();
  });

  it('creates the calendar feed URL and shows it once, to copy', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Создать ссылку' }));
    expect(await screen.findByLabelText('Ссылка на календарь')).toHaveValue('http://crm.test/api/tasks/calendar/abc.ics');
    expect(screen.getByRole('button', { name: 'Скопировать' })).toBeInTheDocument();
  });
});
