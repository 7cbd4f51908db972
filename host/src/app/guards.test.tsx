import { screen, waitFor } from '@testing-library/react';
import { reply, mockFetch } from './testing/mock-fetch';
import { currentPath, renderApp, type TestRouter } from './testing/render-app';
import { signInAs, testSession } from './testing/session';
import { STORAGE_KEYS } from '@crm/shared/api-client';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async (id: string) => ({ default: () => <p>remote page {id}</p> })),
}));

beforeEach(() => {
  localStorage.clear();
  mockFetch({ 'GET /api/auth/me': () => reply(200, testSession()) });
});

/** Waits until the initial navigation and every redirect it caused are over. */
async function landed(router: TestRouter): Promise<string> {
  await waitFor(() => expect(router.redirecting()).toBe(false));
  return currentPath(router);
}

describe('visitor (no stored session)', () => {
  test('a guarded page sends them to login with to=<wanted path>', async () => {
    const { router } = renderApp('/lead-status/list');
    expect(await landed(router)).toBe('/login?to=/lead-status/list');
    expect(await screen.findByRole('heading', { name: 'Welcome to CRM' })).toBeInTheDocument();
  });

  test('the original query is kept next to to', async () => {
    const { router } = renderApp('/leads/list?page=2&search=Ivan');
    expect(await landed(router)).toBe('/login?page=2&search=Ivan&to=/leads/list');
  });

  test('child routes are guarded too', async () => {
    const { router } = renderApp('/lead-status/list/AddStatusDrawer');
    expect(await landed(router)).toBe('/login?to=/lead-status/list/AddStatusDrawer');
  });

  test('/ sends them to login keeping the query, without to', async () => {
    const { router } = renderApp('/?utm=mail');
    expect(await landed(router)).toBe('/login?utm=mail');
  });

  test('a stored non-Admin user without a token is not signed in: / still goes to login with the query', async () => {
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(testSession('Manager').userData));
    const { router } = renderApp('/?a=1');
    expect(await landed(router)).toBe('/login?a=1');
  });

  test.each(['/login', '/forgot-password', '/reset-password?token=t&email=a%40b.c'])('guest-only %s opens', async (path) => {
    const { router } = renderApp(path);
    expect(await landed(router)).toBe(path);
  });

  test('a stale token without user data is not a session', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-1');
    const { router } = renderApp('/login');
    expect(await landed(router)).toBe('/login');
  });
});

describe('signed-in user', () => {
  test('an Admin at / goes to the leads list', async () => {
    signInAs('Admin');
    const { router } = renderApp('/?x=1');
    expect(await landed(router)).toBe('/leads/list');
    expect(await screen.findByText('remote page remote_leads/leads-list-page')).toBeInTheDocument();
  });

  test('a page they have the ability for opens', async () => {
    signInAs('Operator', [{ action: 'view', subject: 'lead-status' }]);
    const { router } = renderApp('/lead-status/list');
    expect(await landed(router)).toBe('/lead-status/list');
    expect(await screen.findByText('remote page remote_leads/lead-status-list-page')).toBeInTheDocument();
  });

  test('without the ability they go to not-authorized', async () => {
    signInAs('Operator', [{ action: 'view', subject: 'lead' }]);
    const { router } = renderApp('/lead-status/list');
    expect(await landed(router)).toBe('/not-authorized');
    expect(await screen.findByRole('heading', { name: 'Not Authorized - 401' })).toBeInTheDocument();
  });

  test.each([
    ['/lead-status/list/AddStatusDrawer', 'lead-status'],
    ['/document-category/list/AddDrawer', 'document-category'],
    ['/comment-step/list/AddStepDrawer', 'step'],
    ['/document/add/Form', 'document'],
  ] as const)('an add drawer reached by URL (%s) needs create, not only view: a viewer goes to not-authorized', async (path, subject) => {
    signInAs('Operator', [{ action: 'view', subject }]);
    const { router } = renderApp(path);
    expect(await landed(router)).toBe('/not-authorized');
  });

  test('an add drawer opens for whoever may create the thing', async () => {
    signInAs('Manager', [{ action: 'view', subject: 'lead-status' }, { action: 'create', subject: 'lead-status' }]);
    const { router } = renderApp('/lead-status/list/AddStatusDrawer');
    expect(await landed(router)).toBe('/lead-status/list/AddStatusDrawer');
  });

  test('manage all is required for the IP allow-list: view of everything is not enough', async () => {
    signInAs('Manager', [{ action: 'view', subject: 'all' }]);
    const { router } = renderApp('/white-ip/list');
    expect(await landed(router)).toBe('/not-authorized');
  });

  test.each(['/login', '/forgot-password', '/reset-password?token=t&email=a%40b.c'])(
    'guest-only %s sends them to / (and / sends an Admin on to the leads list)',
    async (path) => {
      signInAs('Admin');
      const { router } = renderApp(path);
      expect(await landed(router)).toBe('/leads/list');
    },
  );

  test('a non-Admin at / goes to their first permitted area instead of looping through login', async () => {
    signInAs('Operator', [{ action: 'view', subject: 'step' }]);
    const { router } = renderApp('/');
    expect(await landed(router)).toBe('/comment-step/list');
  });

  test('a non-Admin with no area at all lands on their profile', async () => {
    signInAs('Operator', []);
    const { router } = renderApp('/login');
    expect(await landed(router)).toBe('/pages/user-profile?tab=profile');
  });
});

describe('public pages open to everyone', () => {
  test.each(['/not-authorized', '/pages/misc/not-authorized'])('%s for a visitor', async (path) => {
    const { router } = renderApp(path);
    expect(await landed(router)).toBe(path);
    expect(await screen.findByRole('heading', { name: 'Not Authorized - 401' })).toBeInTheDocument();
  });

  test.each(['/not-authorized', '/pages/misc/not-authorized'])('%s for a signed-in user', async (path) => {
    signInAs('Admin');
    const { router } = renderApp(path);
    expect(await landed(router)).toBe(path);
    expect(await screen.findByRole('heading', { name: 'Not Authorized - 401' })).toBeInTheDocument();
  });

  test('the home button of not-authorized leads to /', async () => {
    signInAs('Admin');
    const { router, user } = renderApp('/not-authorized');
    await user.click(await screen.findByRole('button', { name: 'Back to home' }));
    expect(await landed(router)).toBe('/leads/list');
  });
});

describe('unknown paths', () => {
  test.each([
    ['an unknown path', '/no/such/page'],
    ['the not-found alias', '/pages/misc/not-found/whatever'],
    ['/document/:id-view without -view', '/document/12'],
    ['/team/:id-edit without -edit', '/team/12'],
  ])('%s shows Page Not Found - 404', async (_label, path) => {
    signInAs('Admin');
    const { router } = renderApp(path);
    expect(await landed(router)).toBe(path);
    expect(await screen.findByRole('heading', { name: 'Page Not Found - 404' })).toBeInTheDocument();
  });

  test('visitors get the not-found page too, not login', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await landed(router)).toBe('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found - 404' })).toBeInTheDocument();
  });
});

describe('aliases and redirects', () => {
  test('/pages/user-profile opens the profile tab', async () => {
    signInAs('Admin');
    const { router } = renderApp('/pages/user-profile');
    expect(await landed(router)).toBe('/pages/user-profile?tab=profile');
    expect(await screen.findByText('Петрова')).toBeInTheDocument();
  });

  test('/pages/account-settings opens the account tab', async () => {
    signInAs('Admin');
    const { router } = renderApp('/pages/account-settings');
    expect(await landed(router)).toBe('/pages/user-profile?tab=account');
    expect(await screen.findByText('anna@example.com')).toBeInTheDocument();
  });

  test('a visitor asking for account settings signs in first, keeping the tab', async () => {
    const { router } = renderApp('/pages/account-settings');
    expect(await landed(router)).toBe('/login?tab=account&to=/pages/user-profile');
  });
});
