import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { CommentStep, Task } from '@crm/shared/schemas';
import { flushDeferredDeletes } from '@crm/shared/api-client';
import { mockFetch, renderRoutes, requestsTo, type MockRoute } from '@crm/shared/testing';
import { LeadTasks } from './lead-tasks';

jest.setTimeout(30_000);

const steps: CommentStep[] = [{ id: 10, name: 'Первый звонок', position: 1, color: '#A8AAAE', archived: false }];

const task = (overrides: Partial<Task>): Task => ({
  id: 1,
  lead: { id: 7, name: 'Иванов Иван' },
  type: 'call',
  title: 'Перезвонить',
  note: '',
  due_at: '2030-01-02T07:00:00.000Z',
  remind_before_minutes: 15,
  assignee: { id: 2, name: 'Анна Смирнова' },
  created_by: { id: 2, name: 'Анна Смирнова' },
  done: false,
  done_at: null,
  done_by: null,
  version: 3,
  created_at: '2029-12-30T07:00:00.000Z',
  updated_at: '2029-12-30T07:00:00.000Z',
  ...overrides,
});

const tasks = [task({}), task({ id: 2, type: 'email', title: 'Отправить КП' }), task({ id: 3, title: 'Старая', done: true, done_at: '2029-12-31T07:00:00.000Z' })];

const assignees = [
  { id: 2, name: 'Анна Смирнова' },
  { id: 5, name: 'Олег Кузнецов' },
];
const routes: RouteObject[] = [{ path: '/leads/7', element: <LeadTasks leadId={7} steps={steps} assignees={assignees} /> }];
const me = { id: 2, first_name: 'Анна', name: 'Анна Смирнова', email: 'anna@example.com', role: 'Operator', avatar: null };

function setup(extra: Record<string, MockRoute> = {}) {
  const fetch = mockFetch({ 'GET /api/leads/7/tasks': { body: { data: tasks } }, ...extra });
  renderRoutes(routes, '/leads/7');
  return { fetch, user: userEvent.setup({ delay: null }) };
}

describe('LeadTasks', () => {
  beforeEach(() => localStorage.setItem('userData', JSON.stringify(me)));
  afterEach(() => localStorage.clear());

  it('lists the open tasks only, with their type, title, due time and assignee', async () => {
    setup();
    const card = (await screen.findByRole('heading', { name: 'Задачи' })).closest('section')!;
    await within(card).findByText('Отправить КП');
    const list = within(card).getByRole('list');
    expect(within(list).getByText('Перезвонить')).toBeInTheDocument();
    expect(within(list).getByText('Письмо')).toBeInTheDocument();
    expect(within(list).getAllByText('Анна Смирнова')).toHaveLength(2);
    expect(within(list).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(card).queryByText('Старая')).not.toBeInTheDocument();
  });

  it('a preset fills the form and the task is posted with the browser offset and the chosen reminder', async () => {
    const { fetch, user } = setup({ 'POST /api/leads/7/tasks': { status: 201, body: { data: task({ id: 9 }) } } });
    const form = await screen.findByRole('form', { name: 'Новая задача' });
    await user.click(within(form).getByRole('button', { name: 'Перезвонить завтра в 10:00' }));
    expect(within(form).getByLabelText('Задача')).toHaveValue('Перезвонить');
    await user.click(within(form).getByRole('button', { name: 'Добавить задачу' }));
    await waitFor(() => expect(requestsTo(fetch, 'POST /api/leads/7/tasks')).toHaveLength(1));
    const { body } = requestsTo(fetch, 'POST /api/leads/7/tasks')[0];
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    tomorrow.setHours(10, 0, 0, 0);
    expect(body).toEqual({ type: 'call', title: 'Перезвонить', due_at: expect.stringMatching(/T10:00:00[+-]\d\d:\d\d$/), remind_before_minutes: 15 });
    expect(Date.parse((body as { due_at: string }).due_at)).toBe(tomorrow.getTime());
    await waitFor(() => expect(requestsTo(fetch, 'GET /api/leads/7/tasks')).toHaveLength(2));
  });

  it('gives the task to another of the lead’s responsible users', async () => {
    const { fetch, user } = setup({ 'POST /api/leads/7/tasks': { status: 201, body: { data: task({ id: 9 }) } } });
    const form = await screen.findByRole('form', { name: 'Новая задача' });
    await user.click(within(form).getByRole('button', { name: 'Через час' }));
    await user.click(within(form).getByLabelText('Исполнитель'));
    await user.keyboard('{ArrowDown}');
    await user.click(screen.getByRole('option', { name: 'Олег Кузнецов' }));
    await user.click(within(form).getByRole('button', { name: 'Добавить задачу' }));
    await waitFor(() => expect(requestsTo(fetch, 'POST /api/leads/7/tasks')).toHaveLength(1));
    expect(requestsTo(fetch, 'POST /api/leads/7/tasks')[0].body).toMatchObject({ title: 'Связаться', assignee_id: 5 });
  });

  it('shows the server’s messages under their fields', async () => {
    const { user } = setup({
      'POST /api/leads/7/tasks': { status: 422, body: { message: 'The given data was invalid.', errors: { title: ['Укажите название задачи'], due_at: ['Укажите срок: дату и время'] } } },
    });
    const form = await screen.findByRole('form', { name: 'Новая задача' });
    await user.click(within(form).getByRole('button', { name: 'Добавить задачу' }));
    expect(await within(form).findByText('Укажите название задачи')).toBeInTheDocument();
    expect(within(form).getByText('Укажите срок: дату и время')).toBeInTheDocument();
  });

  it('marking a call done offers a comment and sends it with done in one PATCH', async () => {
    const { fetch, user } = setup({ 'PATCH /api/tasks/1': { body: { data: task({ done: true, version: 4 }) } } });
    await user.click(await screen.findByRole('checkbox', { name: 'Выполнено: Перезвонить' }));
    await user.click(screen.getByLabelText('Этап комментария'));
    await user.keyboard('{ArrowDown}');
    await user.click(screen.getByRole('option', { name: 'Первый звонок' }));
    await user.type(screen.getByLabelText('Комментарий к лиду'), 'Договорились о встрече');
    await user.click(screen.getByRole('button', { name: 'Выполнено с комментарием' }));
    await waitFor(() => expect(requestsTo(fetch, 'PATCH /api/tasks/1')).toHaveLength(1));
    expect(requestsTo(fetch, 'PATCH /api/tasks/1')[0].body).toEqual({ version: 3, done: true, comment: { step_id: 10, body: 'Договорились о встрече' } });
  });

  it('a 422 on the comment shows its message under the comment box and keeps the form open', async () => {
    const { user } = setup({
      'PATCH /api/tasks/1': { status: 422, body: { message: 'The given data was invalid.', errors: { 'comment.body': ['Напишите комментарий'] } } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Выполнено: Перезвонить' }));
    await user.click(screen.getByRole('button', { name: 'Выполнено с комментарием' }));
    const box = screen.getByRole('textbox', { name: 'Комментарий к лиду' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Напишите комментарий');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Напишите комментарий');
  });

  it('a comment being written is not dropped unasked: Отмена and "Без комментария" ask first', async () => {
    const { fetch, user } = setup({ 'PATCH /api/tasks/1': { body: { data: task({ done: true, version: 4 }) } } });
    await user.click(await screen.findByRole('checkbox', { name: 'Выполнено: Перезвонить' }));
    await user.type(screen.getByLabelText('Комментарий к лиду'), 'Договорились о встрече');

    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    const leave = await screen.findByRole('alertdialog');
    expect(leave).toHaveTextContent('Есть несохранённые изменения. Уйти без сохранения?');
    await user.click(within(leave).getByRole('button', { name: 'Остаться' }));
    expect(screen.getByLabelText('Комментарий к лиду')).toHaveValue('Договорились о встрече');

    await user.click(screen.getByRole('button', { name: 'Без комментария' }));
    const drop = await screen.findByRole('alertdialog');
    expect(drop).toHaveTextContent('Отметить выполненной без комментария? Написанный текст не сохранится.');
    await user.click(within(drop).getByRole('button', { name: 'Вернуться к тексту' }));
    expect(screen.getByLabelText('Комментарий к лиду')).toHaveValue('Договорились о встрече');
    expect(requestsTo(fetch, 'PATCH /api/tasks/1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Без комментария' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Без комментария' }));
    await waitFor(() => expect(requestsTo(fetch, 'PATCH /api/tasks/1')).toHaveLength(1));
    expect(requestsTo(fetch, 'PATCH /api/tasks/1')[0].body).toEqual({ version: 3, done: true });
  });

  it('an empty comment box closes without a question', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Выполнено: Перезвонить' }));
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByLabelText('Комментарий к лиду')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('deletes a task after the confirmation and the undo toast; it disappears at once', async () => {
    const { fetch, user } = setup({ 'DELETE /api/tasks/2': { body: { message: 'Задача удалена' } } });
    await user.click(await screen.findByRole('button', { name: 'Удалить задачу: Отправить КП' }));
    await user.click(await screen.findByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByText('Отправить КП')).not.toBeInTheDocument());
    expect(requestsTo(fetch, 'DELETE /api/tasks/2')).toHaveLength(0);
    flushDeferredDeletes();
    await waitFor(() => expect(requestsTo(fetch, 'DELETE /api/tasks/2')).toHaveLength(1));
  });

  it('marking an email done sends done at once', async () => {
    const { fetch, user } = setup({ 'PATCH /api/tasks/2': { body: { data: task({ id: 2, done: true }) } } });
    await user.click(await screen.findByRole('checkbox', { name: 'Выполнено: Отправить КП' }));
    await waitFor(() => expect(requestsTo(fetch, 'PATCH /api/tasks/2')).toHaveLength(1));
    expect(requestsTo(fetch, 'PATCH /api/tasks/2')[0].body).toEqual({ version: 3, done: true });
  });
});
