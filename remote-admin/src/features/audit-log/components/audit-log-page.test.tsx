import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { AuditEntry } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { AuditLogPage } from './audit-log-page';

const routes: RouteObject[] = [{ path: '/audit-log', element: <AuditLogPage /> }];

const entries: AuditEntry[] = [
  {
    id: 2,
    action: 'white_ip.create',
    actor: { id: 1, email: 'admin@example.com', name: 'Anna Admin' },
    subject_type: 'white_ip',
    subject_id: '4',
    before: null,
    after: { address: '10.0.0.0/8', comment: 'office' },
    ip: '127.0.0.1',
    api_key: null,
    created_at: '2026-01-05T10:00:00.000Z',
  },
  {
    id: 1,
    action: 'comment_step.update',
    actor: { id: 1, email: 'admin@example.com', name: 'Anna Admin' },
    subject_type: 'comment_step',
    subject_id: '3',
    before: { name: 'Call', color: '#A8AAAE' },
    after: { name: 'Call', color: '#EA5455' },
    ip: '127.0.0.1',
    api_key: 'Телефония',
    created_at: '2026-01-05T09:00:00.000Z',
  },
];

const routesFor = () =>
  mockFetch({
    'GET /api/audit-log': ({ url }) => ({
      body: {
        data: url.searchParams.get('action') === 'white_ip.create' ? [entries[0]] : entries,
        meta: { current_page: 1, per_page: 25, total: 2, last_page: 1 },
      },
    }),
    'GET /api/users': { body: { data: [{ id: 1, first_name: 'Anna', name: 'Admin', email: 'admin@example.com', role: 'Admin', avatar: null }] } },
  });

describe('AuditLogPage', () => {
  it('shows who did what, the change and from where', async () => {
    routesFor();
    renderRoutes(routes, '/audit-log');
    expect(await screen.findByRole('cell', { name: 'IP-адрес добавлен' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'address: 10.0.0.0/8; comment: office' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'color: #A8AAAE → #EA5455' })).toBeInTheDocument();
    expect(screen.getAllByRole('cell', { name: '127.0.0.1' })).toHaveLength(2);
    expect(screen.getAllByRole('cell', { name: 'Anna Admin' })).toHaveLength(1);
    // A change made with an API key names the key.
    expect(screen.getByRole('cell', { name: 'Anna Admin · API-ключ «Телефония»' })).toBeInTheDocument();
  });

  it('an action filter goes to the API and the URL', async () => {
    const fetch = routesFor();
    const { router } = renderRoutes(routes, '/audit-log');
    await screen.findByRole('cell', { name: 'Шаг комментариев изменён' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Действие' }));
    await user.click(await screen.findByRole('option', { name: 'IP-адрес добавлен' }));
    await waitFor(() => expect(router.state.location.search).toBe('?action=white_ip.create'));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Шаг комментариев изменён' })).not.toBeInTheDocument());
    expect(requestsTo(fetch, 'GET /api/audit-log').at(-1)!.url.searchParams.get('action')).toBe('white_ip.create');
    // A select with every audit action to open and pick from: as long as the other form flows are given.
  }, 15_000);

  it('opens with the filters of the URL', async () => {
    const fetch = routesFor();
    renderRoutes(routes, '/audit-log?actor_id=1&from=2026-01-01&to=2026-01-31&per_page=50&page=2');
    await screen.findByRole('cell', { name: 'IP-адрес добавлен' });
    const query = requestsTo(fetch, 'GET /api/audit-log')[0].url.searchParams;
    expect(Object.fromEntries(query)).toEqual({ actor_id: '1', from: '2026-01-01', to: '2026-01-31', per_page: '50', page: '2' });
    expect(screen.getByLabelText('С')).toHaveValue('2026-01-01');
  });
});
