import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AbilityRule, LeadImportJob, LeadImportPreview } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { IMPORT_POLL_INTERVAL_MS } from '../hooks/use-lead-import-job';
import { LeadsImportButton } from './leads-import-button';

// react-select and user-event are slow in jsdom, and the machine runs other suites alongside.
jest.setTimeout(30_000);

const preview: LeadImportPreview = {
  headers: ['Фамилия', 'Имя', 'Отчество', 'Тел.', 'Статус', 'Комментарий'],
  rows: [
    ['Иванов', 'Иван', 'Иванович', '+7 900 000-00-01', 'Новый', 'звонить утром'],
    ['Петров', 'Пётр', '', '89000000002', 'В работе', ''],
  ],
  total_rows: 4,
  // The server could not place the phone column; an unknown header must not be preselected either.
  suggested_mapping: {
    surname: 'Фамилия',
    firstname: 'Имя',
    patronymic: 'Отчество',
    phone: null,
    status: 'Статус',
    users: 'Нет такого',
    additional_info: null,
  },
};

const job = (patch: Partial<LeadImportJob>): LeadImportJob => ({
  id: 7,
  status: 'running',
  on_duplicate: 'update',
  total: 4,
  processed: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  rejected: 0,
  error: null,
  created_at: '2025-02-03T10:00:00.000Z',
  finished_at: null,
  ...patch,
});

const csv = () => new File(['Фамилия,Имя\nИванов,Иван\n'], 'leads.csv', { type: 'text/csv' });

let saved: string[];

beforeEach(() => {
  jest.useFakeTimers();
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:http://localhost/report');
  URL.revokeObjectURL = jest.fn();
  // jsdom cannot navigate to a blob: record the name the browser would save under.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  jest.runOnlyPendingTimers();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function setup(rules: AbilityRule[] = [{ action: 'manage', subject: 'all' }]) {
  const onImported = jest.fn();
  const view = renderRoutes([{ path: '/leads/list', element: <LeadsImportButton onImported={onImported} /> }], '/leads/list', rules);
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  return { ...view, user, onImported };
}

// The report is a file answer, which mockFetch (JSON only) cannot give: serve it beside the mocked routes.
function serveReport(fetch: ReturnType<typeof mockFetch>) {
  const json = fetch.getMockImplementation()!;
  fetch.mockImplementation(async (input, init) => {
    if (new URL(String(input)).pathname !== '/api/leads/import/7/report') return json(input, init);
    return {
      ok: true,
      status: 200,
      headers: {
        get: (name: string) =>
          name.toLowerCase() === 'content-disposition' ? 'attachment; filename="import-7-errors.csv"' : 'text/csv',
      },
      text: async () => 'line,errors\n3,Телефон неверный\n',
      blob: async () => new Blob(['line,errors\n']),
    } as unknown as Response;
  });
}

/** The column a field's select shows, found by the field's label as the user reads it. */
const mappedColumn = (dialog: HTMLElement, label: string) => within(dialog).getByRole('combobox', { name: label }).textContent;

const count = (dialog: HTMLElement, label: string) => {
  const list = within(dialog).getByRole('list', { name: 'Результаты импорта' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((li) => li.firstElementChild?.textContent === label);
  return item?.lastElementChild?.textContent;
};

// Seven selects, user-event and a polled job in jsdom are slow on a 2-core runner: allow more than jest's default 5 s.
jest.setTimeout(30_000);

describe('LeadsImportButton', () => {
  it('previews, gates on the required fields, imports with progress and offers the report of rejected rows', async () => {
    const polls = [
      job({ processed: 2, created: 1, rejected: 1 }),
      job({ status: 'done', processed: 4, created: 2, updated: 1, rejected: 1, finished_at: '2025-02-03T10:00:02.000Z' }),
    ];
    const fetch = mockFetch({
      'POST /api/leads/import/preview': { body: { data: preview } },
      'POST /api/leads/import': { status: 202, body: { data: job({ status: 'pending' }) } },
      'GET /api/leads/import/7': () => ({ body: { data: polls.length > 1 ? polls.shift() : polls[0] } }),
    });
    serveReport(fetch);
    const { user, onImported } = setup();

    await user.click(screen.getByRole('button', { name: 'Импорт' }));
    const dialog = await screen.findByRole('dialog', { name: 'Импорт лидов' });
    const file = csv();
    await user.upload(within(dialog).getByLabelText('Файл CSV'), file);

    // Step 2: the suggestion prefilled, the first rows shown through it.
    const table = await within(dialog).findByRole('table', { name: 'Предпросмотр импорта' });
    const previewForm = fetch.mock.calls.find(([url]) => String(url).endsWith('/import/preview'))![1]!.body as FormData;
    expect(previewForm.get('file')).toBe(file);
    expect(mappedColumn(dialog, 'Фамилия *')).toBe('Фамилия');
    expect(mappedColumn(dialog, 'Статус')).toBe('Статус');
    expect(mappedColumn(dialog, 'Телефон *')).toBe('Не импортировать');
    expect(mappedColumn(dialog, 'Ответственные')).toBe('Не импортировать');
    expect(within(table).getAllByRole('columnheader').map((th) => th.firstChild?.textContent)).toEqual([
      'Фамилия',
      'Имя',
      'Отчество',
      'Статус',
    ]);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('ИвановИванИвановичНовый');

    // The phone is required: no start until it is mapped.
    const startButton = within(dialog).getByRole('button', { name: 'Начать импорт' });
    expect(startButton).toBeDisabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Выберите столбцы для обязательных полей: Телефон');
    await user.click(within(dialog).getByLabelText('Телефон *'));
    await user.click(await screen.findByRole('option', { name: 'Тел.' }));
    expect(mappedColumn(dialog, 'Телефон *')).toBe('Тел.');
    expect(startButton).toBeEnabled();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('+7 900 000-00-01');

    expect(within(dialog).getByText('Дубликаты определяются по номеру телефона')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Пропустить' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Обновить' }));
    await user.click(startButton);

    // Step 3: the run, polled until done.
    const bar = await within(dialog).findByRole('progressbar', { name: 'Ход импорта' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    const [, init] = fetch.mock.calls.find(([url, req]) => String(url).endsWith('/api/leads/import') && req?.method === 'POST')!;
    const form = init!.body as FormData;
    expect(form.get('file')).toBe(file);
    expect(form.get('on_duplicate')).toBe('update');
    expect(JSON.parse(String(form.get('mapping')))).toEqual({
      surname: 'Фамилия',
      firstname: 'Имя',
      patronymic: 'Отчество',
      phone: 'Тел.',
      status: 'Статус',
      users: null,
      additional_info: null,
    });
    expect(requestsTo(fetch, 'GET /api/leads/import/7')).toHaveLength(0);

    await act(() => jest.advanceTimersByTimeAsync(IMPORT_POLL_INTERVAL_MS));
    expect(requestsTo(fetch, 'GET /api/leads/import/7')).toHaveLength(1);
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(within(dialog).getByText('Обработано 2 из 4')).toBeInTheDocument();
    expect(count(dialog, 'Отклонено')).toBe('1');

    await act(() => jest.advanceTimersByTimeAsync(IMPORT_POLL_INTERVAL_MS));
    expect(requestsTo(fetch, 'GET /api/leads/import/7')).toHaveLength(2);

    // Step 4: the summary; polling has stopped.
    expect(await within(dialog).findByText('Импорт завершён')).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar', { name: 'Ход импорта' })).not.toBeInTheDocument();
    expect(['Создано', 'Обновлено', 'Пропущено', 'Отклонено'].map((label) => count(dialog, label))).toEqual(['2', '1', '0', '1']);
    await act(() => jest.advanceTimersByTimeAsync(IMPORT_POLL_INTERVAL_MS * 3));
    expect(requestsTo(fetch, 'GET /api/leads/import/7')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Скачать отчёт' }));
    await waitFor(() => expect(saved).toEqual(['import-7-errors.csv']));
    expect(onImported).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Импорт лидов' })).not.toBeInTheDocument());
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('offers no report when nothing was rejected', async () => {
    mockFetch({
      'POST /api/leads/import/preview': { body: { data: { ...preview, suggested_mapping: { ...preview.suggested_mapping, phone: 'Тел.' } } } },
      'POST /api/leads/import': { status: 202, body: { data: job({ status: 'done', processed: 4, created: 4 }) } },
    });
    const { user, onImported } = setup();
    await user.click(screen.getByRole('button', { name: 'Импорт' }));
    const dialog = await screen.findByRole('dialog', { name: 'Импорт лидов' });
    await user.upload(within(dialog).getByLabelText('Файл CSV'), csv());
    await user.click(await within(dialog).findByRole('button', { name: 'Начать импорт' }));

    expect(await within(dialog).findByText('Импорт завершён')).toBeInTheDocument();
    expect(count(dialog, 'Создано')).toBe('4');
    expect(within(dialog).queryByRole('button', { name: 'Скачать отчёт' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Готово' }));
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('refuses a file that is not CSV without calling the server, and shows the server’s error for a bad CSV', async () => {
    const fetch = mockFetch({
      'POST /api/leads/import/preview': { status: 422, body: { message: 'Invalid', errors: { file: ['В файле нет строк'] } } },
    });
    const { user, onImported } = setup();
    await user.click(screen.getByRole('button', { name: 'Импорт' }));
    const dialog = await screen.findByRole('dialog', { name: 'Импорт лидов' });
    const input = within(dialog).getByLabelText('Файл CSV');

    await user.upload(input, new File(['x'], 'leads.xlsx', { type: 'text/csv' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Выберите файл в формате CSV (.csv)');
    expect(requestsTo(fetch, 'POST /api/leads/import/preview')).toHaveLength(0);

    await user.upload(input, csv());
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('В файле нет строк'));
    expect(input).toBeInvalid();

    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onImported).not.toHaveBeenCalled();
  });

  it('is hidden without the create lead ability', () => {
    mockFetch({});
    setup([{ action: 'view', subject: 'lead' }]);
    expect(screen.queryByRole('button', { name: 'Импорт' })).not.toBeInTheDocument();
  });
});
