import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { LeadHistoryEntry } from '@crm/shared/schemas';
import { mockFetch, renderRoutes } from '@crm/shared/testing';
import { LeadHistory } from './lead-history';

const entries: LeadHistoryEntry[] = [
  {
    id: 3,
    action: 'status_changed',
    user: { id: 2, first_name: 'Анна', name: 'Анна Смирнова' },
    changes: { status_id: { from: 1, to: 3 } },
    created_at: '2025-03-16T09:30:00.000Z',
  },
  {
    id: 2,
    action: 'updated',
    user: { id: 5, first_name: 'Олег', name: 'Олег Кузнецов' },
    changes: { phone: { from: '+7 900 123-45-67', to: '+7 999 000-00-00' }, additional_info: { from: '', to: '<p>x</p>' } },
    created_at: '2025-03-15T13:00:00.000Z',
  },
  { id: 1, action: 'created', user: null, changes: { surname: { from: null, to: 'Иванов' } }, created_at: '2025-03-15T12:00:00.000Z' },
];

const routes: RouteObject[] = [
  {
    path: '/leads/7',
    element: (
      <LeadHistory
        leadId={7}
        statuses={[
          { id: 1, name: 'Новый' },
          { id: 3, name: 'В работе' },
        ]}
        users={[]}
      />
    ),
  },
];

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

describe('LeadHistory', () => {
  it('lists the entries newest first as who, when and what changed, in words', async () => {
    mockFetch({ 'GET /api/leads/7/history': { body: { data: entries } } });
    renderRoutes(routes, '/leads/7');

    const card = (await screen.findByText('Статус изменён')).closest('section')!;
    const items = within(card).getAllByRole('listitem').filter((item) => item.parentElement?.tagName === 'OL');
    expect(items.map((item) => item.textContent)).toEqual([
      `Статус изменёнАнна Смирнова · ${dateTime(entries[0].created_at)}Статус: Новый → В работе`,
      `Лид изменёнОлег Кузнецов · ${dateTime(entries[1].created_at)}Телефон: +7 900 123-45-67 → +7 999 000-00-00Заметки изменены`,
      `Лид созданСистема · ${dateTime(entries[2].created_at)}Фамилия: Иванов`,
    ]);
  });

  it('names a deleted status by its last name, marked as deleted, instead of its id', async () => {
    mockFetch({
      'GET /api/leads/7/history': {
        body: {
          data: [{ ...entries[0], changes: { status_id: { from: 7, to: 3 } } }, { ...entries[0], id: 4, changes: { status_id: { from: 9, to: 1 } } }],
          deleted_statuses: [{ id: 7, name: 'Старый' }],
        },
      },
    });
    renderRoutes(routes, '/leads/7');
    expect(await screen.findByText('Статус: Старый (удалён) → В работе')).toBeInTheDocument();
    // A status deleted before names were kept has nothing better than its id.
    expect(screen.getByText('Статус: #9 → Новый')).toBeInTheDocument();
  });

  it('shows a comment entry by its step, and never an internal field such as comment_id', async () => {
    mockFetch({
      'GET /api/leads/7/history': {
        body: {
          data: [
            {
              id: 9,
              action: 'comment_added',
              user: { id: 2, first_name: 'Анна', name: 'Анна Смирнова' },
              changes: { comment_id: { from: null, to: 3 }, step_id: { from: null, to: 4 } },
              created_at: '2025-03-16T09:30:00.000Z',
            },
          ],
        },
      },
    });
    renderRoutes(
      [{ path: '/leads/7', element: <LeadHistory leadId={7} statuses={[]} users={[]} steps={[{ id: 4, name: 'Звонок' }]} /> }],
      '/leads/7',
    );
    const card = (await screen.findByText('Добавлен комментарий')).closest('section')!;
    expect(within(card).getByText('Этап: Звонок')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('comment_id');
    expect(within(card).getByText(/Анна Смирнова/)).toBeInTheDocument();
  });

  it('says when there is no history yet, and offers a retry when it cannot be loaded', async () => {
    let fail = true;
    mockFetch({
      'GET /api/leads/7/history': () => (fail ? { status: 500, body: { message: 'Server Error' } } : { body: { data: [] } }),
    });
    renderRoutes(routes, '/leads/7');
    expect(await screen.findByText('Не удалось загрузить историю')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Изменений пока нет')).toBeInTheDocument();
  });
});
