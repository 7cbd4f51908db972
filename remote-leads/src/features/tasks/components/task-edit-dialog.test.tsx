import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { Task } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo, type MockRoute } from '@crm/shared/testing';
import { toLocalInput } from '../utils/task-time';
import { LeadTasks } from './lead-tasks';
import { MyDayPage } from './my-day-page';

jest.setTimeout(30_000);

const task = (overrides: Partial<Task> = {}): Task => ({
  id: 1,
  lead: { id: 7, name: 'Иванов Иван' },
  type: 'call',
  title: 'Перезвонить',
  note: 'Спросить про договор',
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

const assignees = [
  { id: 2, name: 'Анна Смирнова' },
  { id: 5, name: 'Олег Кузнецов' },
];
const me = { id: 2, first_name: 'Анна', name: 'Анна Смирнова', email: 'anna@example.com', role: 'Operator', avatar: null };

const routes: RouteObject[] = [
  { path: '/leads/7', element: <LeadTasks leadId={7} assignees={assignees} /> },
  { path: '/tasks', element: <MyDayPage /> },
];

function setup(extra: Record<string, MockRoute> = {}, path = '/leads/7') {
  const fetch = mockFetch({
    'GET /api/leads/7/tasks': { body: { data: [task()] } },
    'GET /api/account/calendar-token': { body: { data: { active: false } } },
    ...extra,
  });
  renderRoutes(routes, path);
  return { fetch, user: userEvent.setup({ delay: null }) };
}

async function openEdit(user: ReturnType<typeof userEvent.setup>, title = 'Перезвонить') {
  await user.click(await screen.findByRole('button', { name: `Изменить задачу: ${title}` }));
  return screen.findByRole('dialog', { name: 'Изменить задачу' });
}

describe('TaskEditDialog', () => {
  beforeEach(() => localStorage.setItem('userData', JSON.stringify(me)));
  afterEach(() => localStorage.clear());

  it('opens prefilled with the task: type, title, due time in the browser’s zone, reminder, assignee and note', async () => {
    const { user } = setup();
    const dialog = await openEdit(user);
    expect(within(dialog).getByLabelText('Задача')).toHaveValue('Перезвонить');
    expect(within(dialog).getByLabelText('Срок')).toHaveValue(toLocalInput(new Date('2030-01-02T07:00:00.000Z')));
    expect(within(dialog).getByLabelText('Заметка')).toHaveValue('Спросить про договор');
    expect(within(dialog).getByRole('combobox', { name: 'Тип' })).toHaveTextContent('Звонок');
    expect(within(dialog).getByRole('combobox', { name: 'Напоминание' })).toHaveTextContent('За 15 минут');
    expect(within(dialog).getByRole('combobox', { name: 'Исполнитель' })).toHaveTextContent('Я');
  });

  it('saves the changed fields over the version read, with the due time’s offset, and the list refetches', async () => {
    const { fetch, user } = setup({ 'PATCH /api/tasks/1': { body: { data: task({ title: 'Перезвонить в обед', version: 4 }) } } });
    const dialog = await openEdit(user);
    await user.clear(within(dialog).getByLabelText('Задача'));
    await user.type(within(dialog).getByLabelText('Задача'), 'Перезвонить в обед');
    await user.clear(within(dialog).getByLabelText('Срок'));
    await user.type(within(dialog).getByLabelText('Срок'), '2030-01-03T13:30');
    await user.click(within(dialog).getByLabelText('Исполнитель'));
    await user.click(screen.getByRole('option', { name: 'Олег Кузнецов' }));
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(requestsTo(fetch, 'PATCH /api/tasks/1')).toHaveLength(1));
    const { body } = requestsTo(fetch, 'PATCH /api/tasks/1')[0];
    expect(body).toEqual({ version: 3, title: 'Перезвонить в обед', due_at: expect.stringMatching(/^2030-01-03T13:30:00[+-]\d\d:\d\d$/), assignee_id: 5 });
    expect(Date.parse((body as { due_at: string }).due_at)).toBe(new Date(2030, 0, 3, 13, 30).getTime());
    expect(await screen.findByText('Задача сохранена')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Изменить задачу' })).not.toBeInTheDocument());
    await waitFor(() => expect(requestsTo(fetch, 'GET /api/leads/7/tasks')).toHaveLength(2));
  });

  it('a 409 says who saved meanwhile and reloads the current version into the form', async () => {
    const saved = task({ title: 'Встреча в офисе', type: 'meeting', version: 4, updated_at: '2030-01-01T09:15:00.000Z' });
    const { fetch, user } = setup({
      'PATCH /api/tasks/1': {
        status: 409,
        body: {
          message: 'Задачу уже изменил(а) Олег Кузнецов. Загрузите актуальную версию, прежде чем сохранять.',
          code: 'TASK_VERSION_CONFLICT',
          conflict: { updated_by: { id: 5, name: 'Олег Кузнецов' }, updated_at: '2030-01-01T09:15:00.000Z', version: 4 },
        },
      },
      'GET /api/tasks/1': { body: { data: saved } },
    });
    const dialog = await openEdit(user);
    await user.type(within(dialog).getByLabelText('Задача'), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(/Пока вы редактировали, задачу изменил\(а\) Олег Кузнецов — /);
    expect(alert).toHaveTextContent('Ваши изменения не сохранены. Загрузите актуальную версию, прежде чем сохранять.');
    await user.click(within(dialog).getByRole('button', { name: 'Загрузить актуальную версию' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Задача')).toHaveValue('Встреча в офисе'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    // Saving again goes over the version just read.
    await user.type(within(dialog).getByLabelText('Задача'), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(requestsTo(fetch, 'PATCH /api/tasks/1')).toHaveLength(2));
    expect(requestsTo(fetch, 'PATCH /api/tasks/1')[1].body).toEqual({ version: 4, title: 'Встреча в офисе!' });
  });

  it('a 422 shows each message under its field and keeps the dialog open', async () => {
    const { user } = setup({
      'PATCH /api/tasks/1': {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { title: ['Укажите название задачи'], due_at: ['Укажите срок: дату и время'] } },
      },
    });
    const dialog = await openEdit(user);
    await user.clear(within(dialog).getByLabelText('Задача'));
    await user.clear(within(dialog).getByLabelText('Срок'));
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Укажите название задачи')).toBeInTheDocument();
    expect(within(dialog).getByText('Укажите срок: дату и время')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Задача')).toHaveAttribute('aria-invalid', 'true');
  });

  describe('closing with unsaved changes (docs/decisions/064)', () => {
    const QUESTION = 'Есть несохранённые изменения. Уйти без сохранения?';
    const editDialog = () => screen.getByRole('dialog', { name: 'Изменить задачу' });

    it('Отмена after a change asks first: Остаться keeps the edits, Уйти closes without saving', async () => {
      const { fetch, user } = setup();
      const dialog = await openEdit(user);
      await user.type(within(dialog).getByLabelText('Заметка'), ' и про сроки');
      await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
      await user.click(within(await screen.findByRole('alertdialog', { name: QUESTION })).getByRole('button', { name: 'Остаться' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(within(editDialog()).getByLabelText('Заметка')).toHaveValue('Спросить про договор и про сроки');

      await user.click(within(editDialog()).getByRole('button', { name: 'Отмена' }));
      await user.click(within(await screen.findByRole('alertdialog', { name: QUESTION })).getByRole('button', { name: 'Уйти' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Изменить задачу' })).not.toBeInTheDocument());
      expect(requestsTo(fetch, 'PATCH /api/tasks/1')).toHaveLength(0);
      expect(screen.getByText('Спросить про договор')).toBeInTheDocument();
    });

    it('Escape and a click outside ask too, also for a change made only in a select', async () => {
      const { user } = setup();
      const dialog = await openEdit(user);
      await user.click(within(dialog).getByRole('combobox', { name: 'Тип' }));
      await user.click(screen.getByRole('option', { name: 'Встреча' }));
      await user.keyboard('{Escape}');
      await user.click(within(await screen.findByRole('alertdialog', { name: QUESTION })).getByRole('button', { name: 'Остаться' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(within(editDialog()).getByRole('combobox', { name: 'Тип' })).toHaveTextContent('Встреча');

      // The backdrop: the dialog's overlay, drawn just before it.
      await user.click(editDialog().previousElementSibling!);
      await user.click(within(await screen.findByRole('alertdialog', { name: QUESTION })).getByRole('button', { name: 'Уйти' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Изменить задачу' })).not.toBeInTheDocument());
    });

    it('closes at once when nothing changed, or a change was undone by hand', async () => {
      const { user } = setup();
      let dialog = await openEdit(user);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Изменить задачу' })).not.toBeInTheDocument());

      dialog = await openEdit(user);
      await user.type(within(dialog).getByLabelText('Задача'), '!');
      await user.type(within(dialog).getByLabelText('Задача'), '{Backspace}');
      await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Изменить задачу' })).not.toBeInTheDocument());
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
  });

  it('edits a task from "Мой день" too', async () => {
    const { fetch, user } = setup(
      {
        'GET /api/tasks': ({ url }) => ({ body: { data: url.searchParams.get('due') === 'today' ? [task({ id: 4, title: 'Написать КП', type: 'email' })] : [] } }),
        'PATCH /api/tasks/4': { body: { data: task({ id: 4, title: 'Написать КП', note: '', version: 4 }) } },
      },
      '/tasks',
    );
    const dialog = await openEdit(user, 'Написать КП');
    await user.clear(within(dialog).getByLabelText('Заметка'));
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(requestsTo(fetch, 'PATCH /api/tasks/4')).toHaveLength(1));
    expect(requestsTo(fetch, 'PATCH /api/tasks/4')[0].body).toEqual({ version: 3, note: '' });
  });
});
