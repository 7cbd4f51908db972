import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { Remote } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { RemotesPage } from './remotes-page';

const routes: RouteObject[] = [{ path: '/admin/remotes', element: <RemotesPage /> }];

const remote = (name: string, overrides: Partial<Remote> = {}): Remote => ({
  name,
  scope: `remote_${name}`,
  entry: `/build/remotes/${name}/mf-manifest.json`,
  version: '0.1.0',
  commit: '0123456789abcdef0123456789abcdef01234567',
  shared_range: '>=0.7.0 <1.0.0',
  source: 'config',
  switched_at: '2026-11-20T09:00:00.000Z',
  switched_by: null,
  previous_entry: null,
  last_errors: { count_24h: 0, latest: null },
  ...overrides,
});

const SWITCHED_LEADS = remote('leads', {
  entry: 'https://cdn.example.com/leads/1.4.0/mf-manifest.json',
  version: '1.4.0',
  commit: 'abcdef1234567890abcdef1234567890abcdef12',
  source: 'api',
  switched_at: '2026-11-26T10:30:00.000Z',
  switched_by: { id: 1, name: 'Анна Админова', email: 'admin@example.com' },
  previous_entry: '/build/remotes/leads/mf-manifest.json',
  last_errors: {
    count_24h: 3,
    latest: { message: 'Could not load remote_leads/leads-list-page: Failed to fetch', version: '1.4.0', reported_at: '2026-11-26T11:00:00.000Z' },
  },
});

const listOf = (...remotes: Remote[]) => ({ body: { data: remotes, meta: { host_shared: '0.7.0' } } });

describe('RemotesPage', () => {
  it('shows each remote: version, short commit, origin, shared range against the host, who switched it and its load errors', async () => {
    mockFetch({ 'GET /api/remotes': listOf(SWITCHED_LEADS, remote('documents'), remote('admin')) });
    renderRoutes(routes, '/admin/remotes');

    expect(await screen.findByRole('heading', { name: 'Модули' })).toBeInTheDocument();
    const leads = await screen.findByRole('region', { name: 'Лиды' });
    expect(within(leads).getByText('1.4.0')).toBeInTheDocument();
    expect(within(leads).getByText('abcdef1')).toBeInTheDocument();
    expect(within(leads).getByText('cdn.example.com')).toBeInTheDocument();
    expect(within(leads).getByText('>=0.7.0 <1.0.0')).toBeInTheDocument();
    expect(within(leads).getByText('0.7.0')).toBeInTheDocument();
    expect(within(leads).getByText(/Анна Админова/)).toBeInTheDocument();
    expect(within(leads).getByText('3 ошибки загрузки за сутки')).toBeInTheDocument();
    expect(within(leads).getByText(/Could not load remote_leads\/leads-list-page: Failed to fetch/)).toBeInTheDocument();
    expect(within(leads).getByRole('button', { name: 'Откатить' })).toBeEnabled();

    const documents = screen.getByRole('region', { name: 'Документы' });
    expect(within(documents).getByText('встроенный')).toBeInTheDocument();
    expect(within(documents).getByText(/из настроек сервера при запуске/)).toBeInTheDocument();
    expect(within(documents).getByText('Ошибок загрузки нет')).toBeInTheDocument();
    // Nothing under the bundled build: nothing to roll back to.
    expect(within(documents).getByRole('button', { name: 'Откатить' })).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Администрирование' })).toBeInTheDocument();
  });

  it("shows the API's 422 reason under the field, and nothing is switched", async () => {
    const reason = 'The build needs @crm/shared >=0.8.0 <1.0.0; the host provides 0.7.0';
    const fetch = mockFetch({
      'GET /api/remotes': listOf(remote('leads'), remote('documents'), remote('admin')),
      'PUT /api/remotes/leads': { status: 422, body: { message: `The remote was not switched: ${reason}`, errors: { entry: [reason] } } },
    });
    renderRoutes(routes, '/admin/remotes');
    const user = userEvent.setup();
    const leads = await screen.findByRole('region', { name: 'Лиды' });
    const field = within(leads).getByLabelText('Адрес манифеста (mf-manifest.json)');
    await user.type(field, 'https://cdn.example.com/leads/2.0.0/mf-manifest.json');
    await user.click(within(leads).getByRole('button', { name: 'Проверить и переключить' }));

    expect(await within(leads).findByText(reason)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(reason);
    expect(field).toHaveValue('https://cdn.example.com/leads/2.0.0/mf-manifest.json');
    expect(requestsTo(fetch, 'PUT /api/remotes/leads').map((r) => r.body)).toEqual([{ entry: 'https://cdn.example.com/leads/2.0.0/mf-manifest.json' }]);
  });

  it('a switch that passes the check shows the new version, and the list is read again', async () => {
    let leads = remote('leads');
    mockFetch({
      'GET /api/remotes': () => listOf(leads, remote('documents'), remote('admin')),
      'PUT /api/remotes/leads': () => {
        leads = SWITCHED_LEADS;
        return { body: { data: SWITCHED_LEADS, meta: { warnings: [] } } };
      },
    });
    renderRoutes(routes, '/admin/remotes');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Лиды' });
    await user.type(within(card).getByLabelText('Адрес манифеста (mf-manifest.json)'), SWITCHED_LEADS.entry);
    await user.click(within(card).getByRole('button', { name: 'Проверить и переключить' }));

    expect(await within(card).findByText(/Лиды: переключено на версию 1\.4\.0/)).toBeInTheDocument();
    expect(await within(card).findByText('abcdef1')).toBeInTheDocument();
    expect(within(card).getByLabelText('Адрес манифеста (mf-manifest.json)')).toHaveValue('');
  });

  it('rollback asks first: "Отмена" sends nothing, "Откатить" goes back and shows the version', async () => {
    let leads = SWITCHED_LEADS;
    const fetch = mockFetch({
      'GET /api/remotes': () => listOf(leads, remote('documents'), remote('admin')),
      'POST /api/remotes/leads/rollback': () => {
        leads = remote('leads');
        return { body: { data: leads } };
      },
    });
    renderRoutes(routes, '/admin/remotes');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Лиды' });
    const question = 'Вернуть «Лиды» к предыдущей сборке? Страницы будут загружать /build/remotes/leads/mf-manifest.json.';

    await user.click(within(card).getByRole('button', { name: 'Откатить' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: question })).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requestsTo(fetch, 'POST /api/remotes/leads/rollback')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Откатить' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: question })).getByRole('button', { name: 'Откатить' }));
    expect(await within(card).findByText('Лиды: откачено на версию 0.1.0.')).toBeInTheDocument();
    expect(requestsTo(fetch, 'POST /api/remotes/leads/rollback')).toHaveLength(1);
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Откатить' })).toBeDisabled());
  });

  it('a rollback the API refuses with 409 (someone already went back) says there is nothing to roll back to', async () => {
    mockFetch({
      'GET /api/remotes': listOf(SWITCHED_LEADS, remote('documents'), remote('admin')),
      'POST /api/remotes/leads/rollback': { status: 409, body: { code: 'CONFLICT', message: 'This remote has no earlier entry to go back to.' } },
    });
    renderRoutes(routes, '/admin/remotes');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Лиды' });
    await user.click(within(card).getByRole('button', { name: 'Откатить' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Откатить' }));
    expect(await within(card).findByText('Откатывать некуда: у этого модуля нет предыдущей сборки.')).toBeInTheDocument();
  });
});
