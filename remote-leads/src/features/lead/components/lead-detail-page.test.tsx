import { loadEditor } from '@crm/shared/editor/lazy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { AbilityRule, LeadDetail } from '@crm/shared/schemas';
import { flushDeferredDeletes } from '@crm/shared/api-client';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { LeadDetailPage } from './lead-detail-page';

const lead: LeadDetail = {
  id: 7,
  surname: 'Иванов',
  firstname: 'Иван',
  patronymic: 'Петрович',
  phone: '+7 900 123-45-67',
  status_id: 3,
  additional_info: '<p>Звонить <strong>после обеда</strong></p>',
  users: [2, 5],
  created_by: 1,
  created_at: '2025-03-15T12:00:00.000Z',
  updated_at: '2025-03-16T09:30:00.000Z',
  version: 4,
  status: { id: 3, name: 'В работе', color: '#FF9F43' },
  responsible: [
    { id: 2, first_name: 'Анна', name: 'Анна Смирнова' },
    { id: 5, first_name: 'Олег', name: 'Олег Кузнецов' },
  ],
  is_favorite: false,
  creator: { id: 1, first_name: 'Админ', name: 'Админ Системы' },
  updated_by: { id: 2, first_name: 'Анна', name: 'Анна Смирнова' },
};

const routes: RouteObject[] = [
  {
    path: '/leads/:id',
    element: (
      <LeadDetailPage
        renderComments={(l) => <p>comments of {l.id}</p>}
        renderHistory={(l) => <p>history of {l.id}</p>}
      />
    ),
  },
  { path: '/leads/:id/edit', element: <p>Форма лида</p> },
  { path: '/leads/list', element: <p>Список лидов</p> },
];

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The text of the <dd> that follows the <dt> named `term`. */
const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('LeadDetailPage', () => {
  beforeAll(() => loadEditor());

  it('shows the contact fields, status, responsible users, who created and changed it, and the rendered notes', async () => {
    mockFetch({ 'GET /api/leads/7': { body: { data: lead } } });
    renderRoutes(routes, '/leads/7');

    expect(await screen.findByRole('heading', { name: 'Иванов Иван Петрович' })).toBeInTheDocument();
    expect(valueOf('ФИО')).toHaveTextContent('Иванов Иван Петрович');
    expect(within(valueOf('Телефон')).getByRole('link', { name: '+7 900 123-45-67' })).toHaveAttribute('href', 'tel:+79001234567');
    expect(valueOf('Статус')).toHaveTextContent('В работе');
    expect(valueOf('Ответственные')).toHaveTextContent('Анна СмирноваОлег Кузнецов');
    expect(valueOf('Создан')).toHaveTextContent(`Админ Системы · ${dateTime(lead.created_at)}`);
    expect(valueOf('Изменён')).toHaveTextContent(`Анна Смирнова · ${dateTime(lead.updated_at)}`);
    expect((await screen.findByText('после обеда')).tagName).toBe('STRONG');
    expect(screen.getByText('comments of 7')).toBeInTheDocument();
    expect(screen.getByText('history of 7')).toBeInTheDocument();
  });

  it("says 'Лид не найден' for an unknown or out-of-scope lead, and for an id that cannot be one", async () => {
    const fetch = mockFetch({ 'GET /api/leads/8': { status: 404, body: { message: 'Not Found' } } });
    const { unmount } = renderRoutes(routes, '/leads/8');
    expect(await screen.findByText('Лид не найден')).toBeInTheDocument();
    unmount();

    renderRoutes(routes, '/leads/abc');
    expect(await screen.findByText('Лид не найден')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/leads/abc'))).toBe(false);
  });

  it("shows a failed load with 'Повторить', logs it, and loads again on retry", async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    mockFetch({
      'GET /api/leads/7': () => (fail ? { status: 500, body: { message: 'Server Error' } } : { body: { data: lead } }),
    });
    renderRoutes(routes, '/leads/7');

    expect(await screen.findByText('Не удалось загрузить лида')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Ошибка загрузки лида', expect.objectContaining({ status: 500 }));
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'Иванов Иван Петрович' })).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it("opens the edit form from 'Редактировать'", async () => {
    mockFetch({ 'GET /api/leads/7': { body: { data: lead } } });
    const { router } = renderRoutes(routes, '/leads/7');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Редактировать' }));
    expect(router.state.location.pathname).toBe('/leads/7/edit');
  });

  it('deletes after a confirmation naming the lead, returns to the list and sends the delete once the undo window is over', async () => {
    const fetch = mockFetch({
      'GET /api/leads/7': { body: { data: lead } },
      'DELETE /api/leads/7': { body: { message: 'Deleted' } },
    });
    const { router } = renderRoutes(routes, '/leads/7');
    const user = userEvent.setup();

    // Drawn while the lead loads, so the header keeps its size; it asks once the lead (and its name) is here.
    expect(screen.getByRole('button', { name: 'Удалить' })).toBeDisabled();
    await screen.findByRole('heading', { name: 'Иванов Иван Петрович' });
    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requestsTo(fetch, 'DELETE /api/leads/7')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Удалить лида Иванов Иван Петрович?' });
    await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/list'));
    expect(await screen.findByText('Лид Иванов Иван Петрович удалён')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отменить' })).toBeInTheDocument();
    expect(requestsTo(fetch, 'DELETE /api/leads/7')).toHaveLength(0);
    flushDeferredDeletes();
    await waitFor(() => expect(requestsTo(fetch, 'DELETE /api/leads/7')).toHaveLength(1));
  });

  it('offers edit and delete only to users with those abilities', async () => {
    mockFetch({ 'GET /api/leads/7': { body: { data: lead } } });
    const viewOnly: AbilityRule[] = [{ action: 'view', subject: 'lead' }];
    renderRoutes(routes, '/leads/7', viewOnly);
    await screen.findByRole('heading', { name: 'Иванов Иван Петрович' });
    expect(screen.queryByRole('button', { name: 'Редактировать' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить' })).not.toBeInTheDocument();
  });
});
