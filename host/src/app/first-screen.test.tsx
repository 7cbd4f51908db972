import { act, screen, waitFor } from '@testing-library/react';
import { fakeRealtime } from './testing/fake-realtime';
import { mockFetch, reply } from './testing/mock-fetch';
import { renderApp } from './testing/render-app';
import { signInAs } from './testing/session';

// What the shell leaves until the page's first screen has passed (docs/decisions/080). A file of its own: SWR's cache
// outlives a render, and a count another test fetched a moment before would be taken as this page's.

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async () => ({ default: () => <p>remote page</p> })),
}));

jest.mock('../../../shared/src/realtime/realtime-client', () => ({
  ...jest.requireActual('../../../shared/src/realtime/realtime-client'),
  createRealtimeClient: () => jest.requireActual('./testing/fake-realtime').fakeRealtime,
}));

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
    await waitFor(() => expect(fakeRealtime.channels.get('private-App.Models.User.1')).toBeDefined());
    expect(await screen.findByRole('button', { name: 'Notifications: 2 unread' })).toBeInTheDocument();
    expect(await screen.findByLabelText('3 overdue or due today')).toHaveTextContent('3');
  } finally {
    readyState.mockRestore();
  }
});
