import { loadEditor } from '@crm/shared/editor/lazy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { AbilityRule, LeadDetail, ListedUser } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo, type MockRoute } from '@crm/shared/testing';
import { LeadFormPage } from './lead-form-page';

const statusOptions = [
  { value: 1, label: 'Новый' },
  { value: 3, label: 'В работе' },
];

const routes: RouteObject[] = [
  { path: '/leads/list', element: <p>Список лидов</p> },
  { path: '/leads/create', element: <LeadFormPage statusOptions={statusOptions} /> },
  { path: '/leads/add', element: <LeadFormPage statusOptions={statusOptions} />, children: [{ path: 'LeadForm', element: null }] },
  { path: '/leads/:id/edit', element: <LeadFormPage statusOptions={statusOptions} /> },
];

const users: ListedUser[] = [
  { id: 2, first_name: 'Анна', name: 'Анна Смирнова', email: 'anna@example.com', role: 'Manager', avatar: null, active: true },
  { id: 5, first_name: 'Олег', name: 'Олег Кузнецов', email: 'oleg@example.com', role: 'Operator', avatar: null, active: true },
];
const deactivated: ListedUser = { id: 9, first_name: 'Пётр', name: 'Пётр Уволенный', email: 'petr@example.com', role: 'Manager', avatar: null, active: false };

const lead: LeadDetail = {
  id: 7,
  surname: 'Иванов',
  firstname: 'Иван',
  patronymic: 'Петрович',
  phone: '+7 900 123-45-67',
  status_id: 3,
  additional_info: '<p>Звонить после обеда</p>',
  users: [2],
  created_by: 1,
  created_at: '2025-03-15T12:00:00.000Z',
  updated_at: '2025-03-15T12:00:00.000Z',
  version: 4,
  status: { id: 3, name: 'В работе', color: '#FF9F43' },
  responsible: [{ id: 2, first_name: 'Анна', name: 'Анна Смирнова' }],
  is_favorite: false,
  creator: { id: 1, first_name: 'Админ', name: 'Админ Системы' },
  updated_by: { id: 1, first_name: 'Админ', name: 'Админ Системы' },
};

const VIEW_USERS_LEADS: AbilityRule[] = [
  { action: 'view', subject: 'lead' },
  { action: 'create', subject: 'lead' },
  { action: 'edit', subject: 'lead' },
  { action: 'assign', subject: 'lead' },
  { action: 'view', subject: 'users' },
];
/** The seeded Operator: hands leads over (`assign lead`) without `view users`. */
const OPERATOR: AbilityRule[] = [
  { action: 'view', subject: 'lead' },
  { action: 'create', subject: 'lead' },
  { action: 'edit', subject: 'lead' },
  { action: 'assign', subject: 'lead' },
];
const NO_USERS: AbilityRule[] = VIEW_USERS_LEADS.filter((rule) => rule.subject !== 'users');

function api(extra: Record<string, MockRoute> = {}) {
  return mockFetch({
    'GET /api/users': { body: { data: users } },
    'GET /api/leads/assignees': { body: { data: users } },
    'GET /api/leads/7': { body: { data: lead } },
    'POST /api/leads': { status: 201, body: { data: lead } },
    'POST /api/leads/7': { body: { data: lead } },
    ...extra,
  });
}

const field = (name: string) => screen.getByLabelText(name);
const notes = () => screen.findByRole('textbox', { name: 'Общие заметки по Лиду' });

async function chooseOption(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(field(label));
  await user.keyboard('{ArrowDown}');
  await user.click(screen.getByRole('option', { name: option }));
}

// Lexical and the selects in jsdom are slow on a 2-core runner: allow more than jest's default 5 s per test.
jest.setTimeout(30_000);

describe('LeadFormPage', () => {
  // Load the lazily imported editor once, up front, rather than inside the first test that renders it.
  beforeAll(() => loadEditor());

  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  describe('create mode', () => {
    it("is headed 'Добавить лида', has no 'Передать' and posts the typed lead to /api/leads, then returns to the list", async () => {
      const fetch = api();
      const { router } = renderRoutes(routes, '/leads/create', VIEW_USERS_LEADS);
      const user = userEvent.setup({ delay: null });

      expect(screen.getByRole('heading', { name: 'Добавить лида' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Передать' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Закрыть' })).toBeInTheDocument();
      expect(requestsTo(fetch, 'GET /api/leads/7')).toHaveLength(0);

      await user.type(field('Фамилия'), 'Петров');
      await user.type(field('Имя'), 'Пётр');
      await user.type(field('Телефон'), '+79001112233');
      await chooseOption(user, 'Статус', 'Новый');
      await chooseOption(user, 'Ответственные', 'Олег Кузнецов');
      const editor = await notes();
      await user.click(editor);
      await user.keyboard('Первый звонок');
      await user.click(screen.getByRole('button', { name: 'Сохранить' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/leads/list'));
      const [request] = requestsTo(fetch, 'POST /api/leads');
      expect(request.body).toEqual({
        surname: 'Петров',
        firstname: 'Пётр',
        patronymic: '',
        phone: '+79001112233',
        status_id: 1,
        users: [5],
        additional_info: expect.stringContaining('Первый звонок'),
      });
      expect(request.body).not.toHaveProperty('version');
      expect(await screen.findByText('Лид сохранён')).toBeInTheDocument();
    });

    it('warns under the phone field when another lead has that number, links to it, and still saves', async () => {
      const fetch = api({
        'GET /api/leads/phone-duplicates': ({ url }) => ({
          body: {
            data:
              url.searchParams.get('phone') === '8 900 123 45 67'
                ? [{ id: 9, surname: 'Смирнов', firstname: 'Олег', patronymic: '', phone: '+7 900 123 45 67' }]
                : [],
          },
        }),
      });
      const { router } = renderRoutes(routes, '/leads/create', VIEW_USERS_LEADS);
      const user = userEvent.setup({ delay: null });
      await user.type(field('Фамилия'), 'Петров');
      await user.type(field('Телефон'), '8 900 123 45 67');

      const warning = await screen.findByText(/Лид с таким телефоном уже есть/);
      const link = within(warning.closest('[role="status"]') as HTMLElement).getByRole('link', { name: 'Смирнов Олег' });
      expect(link).toHaveAttribute('href', '/leads/9');
      expect(field('Телефон')).toHaveAccessibleDescription(/Лид с таким телефоном уже есть: Смирнов Олег/);
      expect(requestsTo(fetch, 'GET /api/leads/phone-duplicates').at(-1)?.url.searchParams.get('exclude_id')).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/leads/list'));
      expect(requestsTo(fetch, 'POST /api/leads')[0].body).toMatchObject({ surname: 'Петров', phone: '8 900 123 45 67' });
    });

    it('shows no warning for a number no other lead has', async () => {
      const fetch = api({ 'GET /api/leads/phone-duplicates': { body: { data: [] } } });
      renderRoutes(routes, '/leads/create', VIEW_USERS_LEADS);
      await userEvent.setup({ delay: null }).type(field('Телефон'), '+7 900 555 66 77');
      await waitFor(() => expect(requestsTo(fetch, 'GET /api/leads/phone-duplicates').length).toBeGreaterThan(0));
      expect(screen.queryByText(/с таким телефоном уже есть/)).not.toBeInTheDocument();
    });

    it('is the same create form on /leads/add/LeadForm', async () => {
      api();
      renderRoutes(routes, '/leads/add/LeadForm');
      expect(screen.getByRole('heading', { name: 'Добавить лида' })).toBeInTheDocument();
      expect(field('Фамилия')).toHaveValue('');
      expect(screen.queryByRole('button', { name: 'Передать' })).not.toBeInTheDocument();
    });

    it("'Закрыть' goes back to /leads/list without saving", async () => {
      const fetch = api();
      const { router } = renderRoutes(routes, '/leads/create');
      await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Закрыть' }));
      expect(router.state.location.pathname).toBe('/leads/list');
      expect(requestsTo(fetch, 'POST /api/leads')).toHaveLength(0);
    });
  });

  describe('edit mode', () => {
    it("is headed 'Редактировать лида' with 'Передать', loads the lead and fills every field", async () => {
      api();
      renderRoutes(routes, '/leads/7/edit', VIEW_USERS_LEADS);
      expect(screen.getByRole('heading', { name: 'Редактировать лида' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Передать' })).toBeInTheDocument();

      expect(await screen.findByDisplayValue('Иванов')).toBe(field('Фамилия'));
      expect(field('Имя')).toHaveValue('Иван');
      expect(field('Отчество')).toHaveValue('Петрович');
      expect(field('Телефон')).toHaveValue('+7 900 123-45-67');
      expect(field('Статус')).toHaveTextContent('В работе');
      expect(await screen.findByRole('button', { name: 'Удалить: Анна Смирнова' })).toBeInTheDocument();
      expect(await notes()).toHaveTextContent('Звонить после обеда');
    });

    it('sends the version it loaded with the update to POST /api/leads/{id}, then returns to the list', async () => {
      const fetch = api();
      const { router } = renderRoutes(routes, '/leads/7/edit', VIEW_USERS_LEADS);
      const user = userEvent.setup({ delay: null });
      const surname = await screen.findByDisplayValue('Иванов');
      await user.clear(surname);
      await user.type(surname, 'Сидоров');
      await user.click(screen.getByRole('button', { name: 'Сохранить' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/leads/list'));
      expect(requestsTo(fetch, 'POST /api/leads/7')[0].body).toEqual({
        surname: 'Сидоров',
        firstname: 'Иван',
        patronymic: 'Петрович',
        phone: '+7 900 123-45-67',
        status_id: 3,
        users: [2],
        additional_info: '<p>Звонить после обеда</p>',
        version: 4,
      });
      expect(requestsTo(fetch, 'POST /api/leads')).toHaveLength(0);
    });

    it('asks about duplicates of the loaded phone without the lead itself (exclude_id)', async () => {
      const fetch = api({
        'GET /api/leads/phone-duplicates': {
          body: { data: [{ id: 11, surname: 'Кузнецова', firstname: 'Ольга', patronymic: '', phone: '+7 900 123-45-67' }] },
        },
      });
      renderRoutes(routes, '/leads/7/edit', VIEW_USERS_LEADS);
      expect(await screen.findByRole('link', { name: 'Кузнецова Ольга' })).toHaveAttribute('href', '/leads/11');
      const [request] = requestsTo(fetch, 'GET /api/leads/phone-duplicates');
      expect([request.url.searchParams.get('phone'), request.url.searchParams.get('exclude_id')]).toEqual(['+7 900 123-45-67', '7']);
    });

    it("shows only 'Лид не найден' and Закрыть for a lead that does not exist (or is out of scope)", async () => {
      const fetch = api({ 'GET /api/leads/999999': { status: 404, body: { message: 'Not Found' } } });
      const { router } = renderRoutes(routes, '/leads/999999/edit', VIEW_USERS_LEADS);
      expect(await screen.findByText('Лид не найден')).toBeInTheDocument();
      expect(requestsTo(fetch, 'GET /api/leads/999999')).toHaveLength(1);
      expect(screen.queryByRole('button', { name: 'Передать' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'Фамилия' })).not.toBeInTheDocument();
      await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Закрыть' }));
      expect(router.state.location.pathname).toBe('/leads/list');
    });

    it("says 'Лид не найден' without asking the API for an id that cannot be a lead", async () => {
      const fetch = api();
      renderRoutes(routes, '/leads/abc/edit', VIEW_USERS_LEADS);
      expect(await screen.findByText('Лид не найден')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
      expect(fetch.mock.calls.filter(([url]) => String(url).includes('/api/leads'))).toHaveLength(0);
    });

    it("logs a failed load as 'Ошибка загрузки лида', shows it in a toast, and retries", async () => {
      let fail = true;
      const fetch = api({
        'GET /api/leads/7': () => (fail ? { status: 500, body: { message: 'Server Error' } } : { body: { data: lead } }),
      });
      renderRoutes(routes, '/leads/7/edit');

      expect(await screen.findByRole('status')).toHaveTextContent('Ошибка загрузки лида');
      expect(consoleError).toHaveBeenCalledWith('Ошибка загрузки лида', expect.objectContaining({ status: 500 }));
      expect(screen.getByText('Не удалось загрузить лида')).toBeInTheDocument();
      // Nothing was loaded, so there is nothing to hand over or save: only Retry and Закрыть.
      expect(screen.queryByRole('button', { name: 'Передать' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Закрыть' })).toBeInTheDocument();

      fail = false;
      await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Повторить' }));
      expect(await screen.findByDisplayValue('Иванов')).toBeInTheDocument();
      expect(requestsTo(fetch, 'GET /api/leads/7')).toHaveLength(2);
      expect(screen.getByRole('button', { name: 'Сохранить' })).toBeEnabled();
    });
  });

  it('shows the first 422 message under each field it belongs to, and the version message above the form', async () => {
    const fetch = api({
      'POST /api/leads/7': {
        status: 422,
        body: {
          message: 'The given data was invalid',
          errors: {
            surname: ['Укажите фамилию', 'Второе сообщение'],
            firstname: ['Укажите имя'],
            patronymic: ['Не более 100 символов'],
            phone: ['Неверный номер телефона'],
            status_id: ['Выберите статус'],
            users: ['Пользователь не найден'],
            additional_info: ['Слишком длинный текст'],
            version: ['Укажите версию'],
          },
        },
      },
    });
    const { router } = renderRoutes(routes, '/leads/7/edit', VIEW_USERS_LEADS);
    const user = userEvent.setup({ delay: null });
    await screen.findByDisplayValue('Иванов');
    await notes();
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(field('Фамилия')).toHaveAccessibleDescription('Укажите фамилию'));
    expect(field('Имя')).toHaveAccessibleDescription('Укажите имя');
    expect(field('Отчество')).toHaveAccessibleDescription('Не более 100 символов');
    expect(field('Телефон')).toHaveAccessibleDescription('Неверный номер телефона');
    expect(field('Статус')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Выберите статус', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(field('Ответственные')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Пользователь не найден', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Общие заметки по Лиду' })).toHaveAccessibleDescription('Слишком длинный текст');
    expect(screen.getByText('Укажите версию')).toBeInTheDocument();
    expect(screen.queryByText('Второе сообщение')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/leads/7/edit');
    expect(requestsTo(fetch, 'POST /api/leads/7')).toHaveLength(1);
    expect(consoleError).not.toHaveBeenCalledWith('Ошибка сохранения', expect.anything());
  });

  describe("the 'Ответственные' select (view users)", () => {
    it('is shown, with the users as options, to a user who may view users', async () => {
      const fetch = api();
      renderRoutes(routes, '/leads/create', VIEW_USERS_LEADS);
      const user = userEvent.setup({ delay: null });
      await user.click(field('Ответственные'));
      await user.keyboard('{ArrowDown}');
      expect(await screen.findByRole('option', { name: 'Анна Смирнова' })).toBeInTheDocument();
      expect(screen.getByRole('option', { name: 'Олег Кузнецов' })).toBeInTheDocument();
      expect(requestsTo(fetch, 'GET /api/users')).toHaveLength(1);
    });

    it('does not offer a deactivated user, but keeps one already responsible for the lead being edited', async () => {
      api({
        'GET /api/users': { body: { data: [...users, deactivated] } },
        'GET /api/leads/7': { body: { data: { ...lead, users: [2, 9] } } },
      });
      const first = renderRoutes(routes, '/leads/create', VIEW_USERS_LEADS);
      const user = userEvent.setup({ delay: null });
      await user.click(field('Ответственные'));
      await user.keyboard('{ArrowDown}');
      expect(await screen.findByRole('option', { name: 'Анна Смирнова' })).toBeInTheDocument();
      expect(screen.queryByRole('option', { name: 'Пётр Уволенный' })).not.toBeInTheDocument();
      first.unmount();

      renderRoutes(routes, '/leads/7/edit', VIEW_USERS_LEADS);
      expect(await screen.findByRole('button', { name: 'Удалить: Пётр Уволенный' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Удалить: Анна Смирнова' })).toBeInTheDocument();
    });

    it("is absent without 'view users'; the users list is not asked for and an update keeps the lead's users", async () => {
      const fetch = api();
      const { router } = renderRoutes(routes, '/leads/7/edit', NO_USERS);
      await screen.findByDisplayValue('Иванов');
      expect(screen.queryByLabelText('Ответственные')).not.toBeInTheDocument();
      expect(screen.queryByText('Ответственные')).not.toBeInTheDocument();
      await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/leads/list'));
      expect(requestsTo(fetch, 'POST /api/leads/7')[0].body).toMatchObject({ users: [2], version: 4 });
      expect(requestsTo(fetch, 'GET /api/users')).toHaveLength(0);
    });
  });

  it("logs any other failed save as 'Ошибка сохранения' and shows it in a toast, staying on the form", async () => {
    api({ 'POST /api/leads/7': { status: 500, body: { message: 'Server Error' } } });
    const { router } = renderRoutes(routes, '/leads/7/edit');
    await screen.findByDisplayValue('Иванов');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByText('Ошибка сохранения: Server Error')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Ошибка сохранения', expect.objectContaining({ status: 500 }));
    expect(router.state.location.pathname).toBe('/leads/7/edit');
    expect(field('Фамилия')).toHaveValue('Иванов');
  });

  describe('a 409 version conflict', () => {
    const theirs: LeadDetail = {
      ...lead,
      phone: '+7 999 000-00-00',
      status_id: 1,
      status: { id: 1, name: 'Новый', color: '#00CFE8' },
      version: 5,
      updated_at: '2025-03-16T09:30:00.000Z',
      updated_by: { id: 2, first_name: 'Анна', name: 'Анна Смирнова' },
    };
    const conflict = {
      status: 409,
      body: {
        message: 'Лид изменён другим пользователем',
        code: 'LEAD_VERSION_CONFLICT',
        conflict: { updated_by: { id: 2, name: 'Анна Смирнова' }, updated_at: theirs.updated_at, version: 5 },
      },
    };

    /** The first GET answers the lead as loaded, later ones the other person's version. */
    function conflictApi(update: MockRoute) {
      let reads = 0;
      return api({
        'GET /api/leads/7': () => (reads++ === 0 ? { body: { data: lead } } : { body: { data: theirs } }),
        'POST /api/leads/7': update,
      });
    }

    async function editSurnameAndSave() {
      const user = userEvent.setup({ delay: null });
      const surname = await screen.findByDisplayValue('Иванов');
      await user.clear(surname);
      await user.type(surname, 'Сидоров');
      await user.click(screen.getByRole('button', { name: 'Сохранить' }));
      return { user, dialog: await screen.findByRole('dialog', { name: 'Лид изменён другим пользователем' }) };
    }

    it("says who changed the lead and when; 'Загрузить актуальную версию' reloads it and drops the local edits", async () => {
      const fetch = conflictApi(conflict);
      const { router } = renderRoutes(routes, '/leads/7/edit', VIEW_USERS_LEADS);
      const { user, dialog } = await editSurnameAndSave();

      await within(dialog).findByText('Анна Смирнова');
      const when = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(theirs.updated_at));
      expect(dialog).toHaveTextContent(when);
      expect(consoleError).not.toHaveBeenCalledWith('Ошибка сохранения', expect.anything());

      await user.click(within(dialog).getByRole('button', { name: 'Загрузить актуальную версию' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(field('Телефон')).toHaveValue('+7 999 000-00-00'));
      expect(field('Фамилия')).toHaveValue('Иванов');
      expect(field('Статус')).toHaveTextContent('Новый');
      expect(requestsTo(fetch, 'GET /api/leads/7').length).toBeGreaterThanOrEqual(3);
      expect(router.state.location.pathname).toBe('/leads/7/edit');
      expect(requestsTo(fetch, 'POST /api/leads/7')).toHaveLength(1);
    });

    it("'Сравнить изменения' shows both versions per field and saves the merge at the current version", async () => {
      let posts = 0;
      const fetch = conflictApi(() => (posts++ === 0 ? conflict : { body: { data: theirs } }));
      const { router } = renderRoutes(routes, '/leads/7/edit', VIEW_USERS_LEADS);
      const { user, dialog } = await editSurnameAndSave();

      await user.click(await within(dialog).findByRole('button', { name: 'Сравнить изменения' }));
      const compare = await screen.findByRole('dialog', { name: 'Сравнение изменений' });
      const row = (label: string) => within(compare).getByRole('rowheader', { name: new RegExp(`^${label}`) }).closest('tr')!;
      expect(within(row('Фамилия')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Сидоров', 'Иванов']);
      expect(within(row('Телефон')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
        '+7 900 123-45-67',
        '+7 999 000-00-00',
      ]);
      expect(within(row('Статус')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['В работе', 'Новый']);
      // What the user edited is kept by default; what only the other person changed is taken from the server.
      expect(within(compare).getByRole('radio', { name: 'Фамилия: ваша версия' })).toBeChecked();
      expect(within(compare).getByRole('radio', { name: 'Телефон: текущая версия' })).toBeChecked();
      await user.click(within(compare).getByRole('radio', { name: 'Статус: ваша версия' }));
      await user.click(within(compare).getByRole('button', { name: 'Сохранить выбранное' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/leads/list'));
      const [, retry] = requestsTo(fetch, 'POST /api/leads/7');
      expect(retry.body).toMatchObject({ surname: 'Сидоров', phone: '+7 999 000-00-00', status_id: 3, version: 5 });
    });
  });

  it("'Передать' opens the share dialog 'Передать лид'", async () => {
    api();
    renderRoutes(routes, '/leads/7/edit', VIEW_USERS_LEADS);
    await screen.findByDisplayValue('Иванов');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Передать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Передать лид' });
    expect(await within(dialog).findByText('Олег Кузнецов (Operator)')).toBeInTheDocument();
  });

  it("an Operator (assign lead, no view users) gets 'Передать' and a dialog listing the assignees, never asking /api/users", async () => {
    const fetch = api({ 'GET /api/users': { status: 403, body: { message: 'This action is unauthorized.' } } });
    renderRoutes(routes, '/leads/7/edit', OPERATOR);
    await screen.findByDisplayValue('Иванов');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Передать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Передать лид' });
    expect(await within(dialog).findByText('Олег Кузнецов (Operator)')).toBeInTheDocument();
    expect(within(dialog).queryByText('This action is unauthorized.')).not.toBeInTheDocument();
    expect(requestsTo(fetch, 'GET /api/leads/assignees')).toHaveLength(1);
    expect(requestsTo(fetch, 'GET /api/users')).toHaveLength(0);
  });

  it("offers no 'Передать' without assign lead (the API would refuse the hand-over)", async () => {
    const fetch = api();
    renderRoutes(routes, '/leads/7/edit', VIEW_USERS_LEADS.filter((rule) => rule.action !== 'assign'));
    await screen.findByDisplayValue('Иванов');
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Передать' })).not.toBeInTheDocument();
    expect(requestsTo(fetch, 'GET /api/leads/assignees')).toHaveLength(0);
  });
});
