import { api, deferDelete, getAccessToken, isLoggedIn, STORAGE_KEYS, UNAUTHORIZED_EVENT, clearSession } from '@crm/shared/api-client';
import { act, screen, waitFor } from '@testing-library/react';
import { mockFetch, reply } from './testing/mock-fetch';
import { currentPath, renderApp, type TestRouter } from './testing/render-app';
import { signInAs, testSession } from './testing/session';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async (id: string) => ({ default: () => <p>remote page {id}</p> })),
}));

beforeEach(() => {
  localStorage.clear();
});

async function landed(router: TestRouter): Promise<string> {
  await waitFor(() => expect(router.redirecting()).toBe(false));
  return currentPath(router);
}

async function fillLogin(user: ReturnType<typeof renderApp>['user'], email = 'anna@example.com', password = 'secret-pass') {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login', () => {
  test('a visitor sent from a guarded page comes back to it after signing in', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/login': () => reply(200, testSession('Admin')) });
    const { router, user } = renderApp('/lead-status/list');
    expect(await landed(router)).toBe('/login?to=/lead-status/list');

    await fillLogin(user);

    expect(await screen.findByText('remote page remote_leads/lead-status-list-page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/lead-status/list');
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({ email: 'anna@example.com', password: 'secret-pass' });
    expect(getAccessToken()).toBe('token-1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userAbilityRules) ?? '[]')).toEqual([{ action: 'manage', subject: 'all' }]);
  });

  test('without to, sign-in goes to / (and an Admin on to the leads list)', async () => {
    mockFetch({ 'POST /api/auth/login': () => reply(200, testSession('Admin')) });
    const { router, user } = renderApp('/login');
    await fillLogin(user);
    expect(await screen.findByText('remote page remote_leads/leads-list-page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/leads/list');
  });

  test('a rule a newer API added (an unknown subject or action) is dropped and does not fail the sign-in', async () => {
    const answer = { ...testSession('Manager', [{ action: 'view', subject: 'lead' }]) };
    const rules = [...answer.userAbilityRules, { action: 'manage', subject: 'subject-from-the-future' }, { action: 'approve', subject: 'lead' }];
    mockFetch({ 'POST /api/auth/login': () => reply(200, { ...answer, userAbilityRules: rules }) });
    const { router, user } = renderApp('/login?to=/leads/list');
    await fillLogin(user);
    expect(await screen.findByText('remote page remote_leads/leads-list-page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/leads/list');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userAbilityRules) ?? '[]')).toEqual([{ action: 'view', subject: 'lead' }]);
  });

  test('an outside to is ignored (no open redirect)', async () => {
    mockFetch({ 'POST /api/auth/login': () => reply(200, testSession('Admin')) });
    const { router, user } = renderApp('/login?to=//evil.example/phish');
    await fillLogin(user);
    await screen.findByText('remote page remote_leads/leads-list-page');
    expect(currentPath(router)).toBe('/leads/list');
  });

  test('a 422 shows the first email error under the field and keeps the visitor on login', async () => {
    mockFetch({
      'POST /api/auth/login': () =>
        reply(422, { message: 'Invalid', errors: { email: ['These credentials do not match our records.', 'Second'] } }),
    });
    const { router, user } = renderApp('/login?to=/leads/list');
    await fillLogin(user);

    const field = screen.getByLabelText('Email');
    await waitFor(() => expect(field).toHaveAccessibleDescription('These credentials do not match our records.'));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/login?to=/leads/list');
    expect(isLoggedIn()).toBe(false);
  });

  test('a 429 says to wait', async () => {
    mockFetch({ 'POST /api/auth/login': () => reply(429, { message: 'Too Many Requests' }) });
    const { user } = renderApp('/login');
    await fillLogin(user);
    expect(await screen.findByText('Too many sign-in attempts. Wait a minute and try again.')).toBeInTheDocument();
  });

  test('links to forgot password', async () => {
    mockFetch();
    const { router, user } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await landed(router)).toBe('/forgot-password');
  });
});

describe('forgot and reset password', () => {
  test('forgot-password always answers with the same confirmation', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/forgot-password': () => reply(200, { message: 'ok' }) });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for that address');
    expect(calls.find((c) => c.path === '/api/auth/forgot-password')?.body).toEqual({ email: 'nobody@example.com' });
  });

  test('reset-password sends token and email from the link, toasts and goes to login', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/reset-password': () => reply(200, { message: 'ok' }) });
    const { router, user } = renderApp('/reset-password?token=abc&email=anna%40example.com');
    await user.type(await screen.findByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText('Your password has been reset. Sign in with the new one.')).toBeInTheDocument();
    expect(await landed(router)).toBe('/login');
    expect(calls.find((c) => c.path === '/api/auth/reset-password')?.body).toEqual({
      email: 'anna@example.com',
      token: 'abc',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
  });

  test('reset-password shows the first message of each field from a 422', async () => {
    mockFetch({
      'POST /api/auth/reset-password': () =>
        reply(422, { message: 'Invalid', errors: { password_confirmation: ['The passwords do not match'] } }),
    });
    const { user } = renderApp('/reset-password?token=abc&email=anna%40example.com');
    await user.type(await screen.findByLabelText('New password'), 'a');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('The passwords do not match'),
    );
  });

  test('a link without token says so', async () => {
    mockFetch();
    renderApp('/reset-password?email=anna%40example.com');
    expect(await screen.findByText('This reset link is incomplete. Ask for a new one.')).toBeInTheDocument();
  });
});

describe('leaving the session', () => {
  test('sign out revokes the token, forgets the session and shows login', async () => {
    signInAs('Admin');
    const { calls } = mockFetch({ 'POST /api/auth/logout': () => reply(200, { message: 'ok' }) });
    const { router, user } = renderApp('/leads/list');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth/logout')).toBe(true);
    expect(calls.find((c) => c.path === '/api/auth/logout')?.headers.Authorization).toBe('Bearer token-1');
    expect(isLoggedIn()).toBe(false);
  });

  test('sign out first sends a delete still waiting for its undo, with the token it needs', async () => {
    signInAs('Admin');
    const { calls } = mockFetch({
      'DELETE /api/leads/7': () => reply(200, { message: 'Deleted' }),
      'POST /api/auth/logout': () => reply(200, { message: 'ok' }),
    });
    const { router, user } = renderApp('/leads/list');
    deferDelete({ key: 'lead:7', delayMs: 60_000, send: () => api.delete('/leads/7') });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    const order = calls.map((c) => `${c.method} ${c.path}`).filter((c) => c === 'DELETE /api/leads/7' || c === 'POST /api/auth/logout');
    expect(order).toEqual(['DELETE /api/leads/7', 'POST /api/auth/logout']);
    expect(calls.find((c) => c.path === '/api/leads/7')?.headers.Authorization).toBe('Bearer token-1');
  });

  test('a 401 anywhere (crm:unauthorized) sends the user to login with to=<current path>', async () => {
    signInAs('Admin');
    mockFetch();
    const { router } = renderApp('/lead-status/list?page=2');
    expect(await landed(router)).toBe('/lead-status/list?page=2');
    // The page is on screen, so the shell (and its listener) is mounted, as when a page's API call answers 401.
    await screen.findByText('remote page remote_leads/lead-status-list-page');
    act(() => {
      clearSession();
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    });
    await waitFor(() => expect(currentPath(router)).toBe('/login?page=2&to=/lead-status/list'));
  });
});
