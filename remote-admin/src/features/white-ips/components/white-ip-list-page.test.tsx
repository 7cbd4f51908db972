import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { WhiteIp } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { AddWhiteIpDrawer } from './add-white-ip-drawer';
import { WhiteIpListPage } from './white-ip-list-page';

const routes: RouteObject[] = [
  { path: '/white-ip/list', element: <WhiteIpListPage />, children: [{ path: 'AddDrawer', element: <AddWhiteIpDrawer /> }] },
];

const entry = (id: number, address: string, comment = ''): WhiteIp => ({
  id,
  address,
  comment,
  created_by: { id: 1, name: 'Admin', email: 'admin@example.com' },
  created_at: '2026-01-05T10:00:00.000Z',
  version: 1,
});

const LOCKOUT_EN = 'After this change your own address 127.0.0.1 is no longer allowed and you would lose access. Confirm to save anyway.';
// The warning the admin reads: in Russian, with the address from the answer.
const LOCKOUT = 'После этого изменения ваш адрес 127.0.0.1 больше не будет разрешён и вы потеряете доступ. Сохранить всё равно?';

describe('WhiteIpListPage', () => {
  it('lists the entries with who added them, and the address the server sees', async () => {
    mockFetch({ 'GET /api/white-ips': { body: { data: [entry(1, '10.0.0.0/8', 'Office')], meta: { enforced: true, your_ip: '10.1.2.3' } } } });
    renderRoutes(routes, '/white-ip/list');
    expect(await screen.findByRole('cell', { name: '10.0.0.0/8' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Office' })).toBeInTheDocument();
    expect(screen.getByTestId('your-ip')).toHaveTextContent('10.1.2.3');
    expect(screen.getByText('Действует: другие адреса не допускаются')).toBeInTheDocument();
  });

  it('an entry that would shut the admin out is saved only after they confirm', async () => {
    let entries: WhiteIp[] = [];
    const fetch = mockFetch({
      'GET /api/white-ips': () => ({ body: { data: entries, meta: { enforced: true, your_ip: '127.0.0.1' } } }),
      'POST /api/white-ips': ({ body }) => {
        const input = body as { address: string; comment: string; confirm: boolean };
        if (!input.confirm) return { status: 409, body: { code: 'IP_LOCKOUT', message: LOCKOUT_EN, ip: '127.0.0.1' } };
        entries = [entry(2, input.address, input.comment)];
        return { status: 201, body: { data: entries[0] } };
      },
    });
    const { router } = renderRoutes(routes, '/white-ip/list/AddDrawer');
    const user = userEvent.setup();
    const drawer = await screen.findByRole('dialog', { name: 'Новый IP-адрес' });
    await user.type(within(drawer).getByLabelText('Адрес или диапазон'), '192.168.0.0/16');
    await user.type(within(drawer).getByLabelText('Комментарий'), 'VPN');
    await user.click(within(drawer).getByRole('button', { name: 'Сохранить' }));

    // Declining keeps the drawer open and saves nothing.
    await user.click(within(await screen.findByRole('alertdialog', { name: LOCKOUT })).getByRole('button', { name: 'Отмена' }));
    expect(await screen.findByText('Ничего не изменено.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/white-ip/list/AddDrawer');

    await user.click(within(drawer).getByRole('button', { name: 'Сохранить' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: LOCKOUT })).getByRole('button', { name: 'Всё равно сохранить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/white-ip/list'));
    expect(requestsTo(fetch, 'POST /api/white-ips').map((r) => r.body)).toEqual([
      { address: '192.168.0.0/16', comment: 'VPN', confirm: false },
      { address: '192.168.0.0/16', comment: 'VPN', confirm: false },
      { address: '192.168.0.0/16', comment: 'VPN', confirm: true },
    ]);
    expect(await screen.findByRole('cell', { name: '192.168.0.0/16' })).toBeInTheDocument();
  });

  it('shows the 422 message under the address', async () => {
    mockFetch({
      'GET /api/white-ips': { body: { data: [], meta: { enforced: true, your_ip: '127.0.0.1' } } },
      'POST /api/white-ips': { status: 422, body: { message: 'The given data was invalid.', errors: { address: ['Enter an IPv4 or IPv6 address'] } } },
    });
    renderRoutes(routes, '/white-ip/list/AddDrawer');
    const user = userEvent.setup();
    const drawer = await screen.findByRole('dialog', { name: 'Новый IP-адрес' });
    await user.type(within(drawer).getByLabelText('Адрес или диапазон'), 'nope');
    await user.click(within(drawer).getByRole('button', { name: 'Сохранить' }));
    expect(await within(drawer).findByText('Enter an IPv4 or IPv6 address')).toBeInTheDocument();
  });

  it('deleting the entry that lets the admin in asks again, then sends confirm', async () => {
    let entries = [entry(1, '127.0.0.1'), entry(2, '10.0.0.0/8')];
    const fetch = mockFetch({
      'GET /api/white-ips': () => ({ body: { data: entries, meta: { enforced: true, your_ip: '127.0.0.1' } } }),
      'DELETE /api/white-ips/1': ({ url }) => {
        if (url.searchParams.get('confirm') !== 'true') return { status: 409, body: { code: 'IP_LOCKOUT', message: LOCKOUT_EN, ip: '127.0.0.1' } };
        entries = entries.filter((e) => e.id !== 1);
        return { body: { message: 'IP-адрес удалён.' } };
      },
    });
    renderRoutes(routes, '/white-ip/list');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Удалить 127.0.0.1' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Уверены?' })).getByRole('button', { name: 'Да' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: LOCKOUT })).getByRole('button', { name: 'Всё равно удалить' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: '127.0.0.1' })).not.toBeInTheDocument());
    expect(requestsTo(fetch, 'DELETE /api/white-ips/1').map((r) => r.url.search)).toEqual(['', '?confirm=true']);
  });
});
