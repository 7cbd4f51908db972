import { act, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@crm/shared/schemas';
import { mockFetch, reply } from './testing/mock-fetch';
import { renderApp } from './testing/render-app';
import { signInAs } from './testing/session';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async () => ({ default: () => <p>remote page</p> })),
}));

type Listener = (data: unknown) => void;

/** Stands for pusher-js: the test plays the server, emitting connection states and channel events. */
class FakeChannel {
  listeners = new Map<string, Set<Listener>>();
  bind(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
  }
  unbind(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
  }
  emit(event: string, data: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(data);
  }
}

const fake = {
  connection: new FakeChannel(),
  channels: new Map<string, FakeChannel>(),
  signedIn: false,
  connect: jest.fn(),
  disconnect: jest.fn(),
  signin() {
    fake.signedIn = true;
  },
  subscribe(name: string) {
    if (!fake.channels.has(name)) fake.channels.set(name, new FakeChannel());
    return fake.channels.get(name)!;
  },
  unsubscribe(name: string) {
    fake.channels.delete(name);
  },
  channel(name: string) {
    return fake.channels.get(name);
  },
};

jest.mock('../../../shared/src/realtime/realtime-client', () => ({
  ...jest.requireActual('../../../shared/src/realtime/realtime-client'),
  createRealtimeClient: () => fake,
}));

const notification = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  type: 'lead-assigned',
  title: 'Вам передан лид',
  body: 'Иванов Иван — Ольга',
  link: '/leads/7',
  read_at: null,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...overrides,
});

test('the top bar shows the connection state, the unread count, and a new notification live with a toast', async () => {
  localStorage.clear();
  signInAs('Admin');
  let unread = 2;
  const { calls } = mockFetch({
    'GET /api/realtime/config': () => reply(200, { data: { key: 'crm-key', cluster: 'eu', host: null, port: null, tls: null } }),
    'GET /api/notifications/unread-count': () => reply(200, { data: { count: unread } }),
    'GET /api/notifications': () =>
      reply(200, { data: [notification(5), notification(4, { read_at: new Date().toISOString(), title: 'Старое' })], meta: { current_page: 1, per_page: 10, total: 2, last_page: 1 } }),
    'GET /api/auth/me': () =>
      reply(200, {
        userData: { id: 1, first_name: 'Анна', name: 'Петрова', email: 'anna@example.com', role: 'Operator', avatar: null },
        userAbilityRules: [{ action: 'view', subject: 'lead' }],
      }),
    'POST /api/notifications/5/read': () => reply(200, { data: notification(5, { read_at: new Date().toISOString() }) }),
  });
  const { user } = renderApp('/leads/list');

  expect(await screen.findByRole('status', { name: 'Live updates: starting' })).toBeInTheDocument();
  act(() => fake.connection.emit('state_change', { previous: 'connecting', current: 'connected' }));
  expect(screen.getByRole('status', { name: 'Live updates: connected' })).toBeInTheDocument();
  expect(fake.signedIn).toBe(true);

  expect(await screen.findByRole('button', { name: 'Notifications: 2 unread' })).toBeInTheDocument();

  unread = 3;
  act(() => fake.channels.get('private-App.Models.User.1')!.emit('notification.created', { notification: notification(6) }));
  expect(await screen.findByText('Вам передан лид: Иванов Иван — Ольга')).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Notifications: 3 unread' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Notifications: 3 unread' }));
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  expect(await within(panel).findByText('Старое')).toBeInTheDocument();
  expect(within(panel).getAllByText('5 minutes ago')).toHaveLength(2);
  expect(within(panel).getAllByRole('link')[0]).toHaveAttribute('href', '/build/leads/7');
  await user.click(within(panel).getByRole('button', { name: 'Mark read' }));
  expect(calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/5/read')).toBe(true);

  // The user's role changed on the server: the menu follows without signing in again.
  act(() => fake.channels.get('private-App.Models.User.1')!.emit('abilities.changed', {}));
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  await waitFor(() => expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Leads', 'My day']));

  act(() => fake.connection.emit('state_change', { previous: 'connected', current: 'unavailable' }));
  expect(screen.getByRole('status', { name: 'Live updates: unavailable, retrying' })).toBeInTheDocument();
});

test('a remote switched on the server brings a notice that offers a reload and never reloads by itself', async () => {
  localStorage.clear();
  signInAs('Admin');
  mockFetch({
    'GET /api/realtime/config': () => reply(200, { data: { key: 'crm-key', cluster: 'eu', host: null, port: null, tls: null } }),
    'GET /api/notifications/unread-count': () => reply(200, { data: { count: 0 } }),
  });
  const { user } = renderApp('/leads/list');
  expect(await screen.findByText('remote page')).toBeInTheDocument();
  await waitFor(() => expect(fake.channels.get('private-app')).toBeDefined());
  expect(screen.queryByRole('status', { name: 'New version available' })).not.toBeInTheDocument();

  act(() => fake.channels.get('private-app')!.emit('remote.switched', { name: 'leads', version: '1.2.0' }));
  const notice = await screen.findByRole('status', { name: 'New version available' });
  expect(notice).toHaveTextContent('A new version of Leads is available — reload to use it.');
  expect(screen.getByText('remote page')).toBeInTheDocument();

  await user.click(within(notice).getByRole('button', { name: 'Later' }));
  expect(screen.queryByRole('status', { name: 'New version available' })).not.toBeInTheDocument();
});

test('a notification created before the user channel was subscribed is counted and toasted once it is', async () => {
  localStorage.clear();
  signInAs('Admin');
  let unread = 1;
  const now = Date.now();
  mockFetch({
    'GET /api/realtime/config': () => reply(200, { data: { key: 'crm-key', cluster: 'eu', host: null, port: null, tls: null } }),
    'GET /api/notifications/unread-count': () => reply(200, { data: { count: unread } }),
    'GET /api/notifications': () =>
      reply(200, {
        data: [
          notification(9, { title: 'Напоминание о задаче', body: 'Позвонить клиенту', created_at: new Date(now + 2000).toISOString() }),
          notification(8, { title: 'До открытия страницы', body: '', created_at: new Date(now - 60_000).toISOString() }),
        ],
        meta: { current_page: 1, per_page: 10, total: 2, last_page: 1 },
      }),
  });
  renderApp('/leads/list');
  await waitFor(() => expect(fake.channels.get('private-App.Models.User.1')).toBeDefined());

  // Created on the server while the page was painting, before the connection started: no event reached the page.
  unread = 7;
  act(() => fake.channels.get('private-App.Models.User.1')!.emit('pusher:subscription_succeeded', {}));
  expect(await screen.findByRole('button', { name: 'Notifications: 7 unread' })).toBeInTheDocument();
  expect(await screen.findByText('Напоминание о задаче: Позвонить клиенту')).toBeInTheDocument();
  // One from before the page opened is counted, not toasted; and it came once, not again live.
  expect(screen.queryByText('До открытия страницы')).not.toBeInTheDocument();
  act(() =>
    fake.channels.get('private-App.Models.User.1')!.emit('notification.created', {
      notification: notification(9, { title: 'Напоминание о задаче', body: 'Позвонить клиенту' }),
    }),
  );
  expect(screen.getAllByText('Напоминание о задаче: Позвонить клиенту')).toHaveLength(1);
});

test('the connection and the menu counts start only after the window has loaded, not with the first render', async () => {
  localStorage.clear();
  signInAs('Admin');
  const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
  try {
    const { calls } = mockFetch({
      'GET /api/realtime/config': () => reply(200, { data: { key: 'crm-key', cluster: 'eu', host: null, port: null, tls: null } }),
      'GET /api/notifications/unread-count': () => reply(200, { data: { count: 2 } }),
      'GET /api/tasks/summary': () => reply(200, { data: { overdue: 1, today: 2, week: 4 } }),
    });
    renderApp('/leads/list');
    expect(await screen.findByText('remote page')).toBeInTheDocument();
    // Time enough for an idle moment (jsdom has none: a zero timeout stands in).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.some((c) => c.path === '/api/realtime/config')).toBe(false);
    expect(screen.getByRole('status', { name: 'Live updates: starting' })).toBeInTheDocument();
    // The bell's and My day's counts are not part of the first screen either: their places are drawn without them.
    expect(calls.filter((c) => c.path === '/api/notifications/unread-count' || c.path === '/api/tasks/summary')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();

    readyState.mockReturnValue('complete');
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/realtime/config')).toBe(true));
    await waitFor(() => expect(fake.channels.get('private-App.Models.User.1')).toBeDefined());
    expect(await screen.findByRole('button', { name: 'Notifications: 2 unread' })).toBeInTheDocument();
    expect(await screen.findByLabelText('3 overdue or due today')).toHaveTextContent('3');
  } finally {
    readyState.mockRestore();
  }
});
