import { getAccessToken } from '@crm/shared/api-client';
import { screen, waitFor } from '@testing-library/react';
import { mockFetch, reply } from './testing/mock-fetch';
import { currentPath, renderApp, type TestRouter } from './testing/render-app';
import { testSession } from './testing/session';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async (id: string) => ({ default: () => <p>remote page {id}</p> })),
}));

const webConfig = (extra: object) => ({ 'GET /build/web-config.json': () => reply(200, { i18nEnabled: false, defaultLanguage: 'en', ...extra }) });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

async function landed(router: TestRouter): Promise<string> {
  await waitFor(() => expect(router.redirecting()).toBe(false));
  return currentPath(router);
}

describe('single sign-on on the login page', () => {
  test('the button names the provider below the password form', async () => {
    mockFetch(webConfig({ sso: { name: 'Keycloak' }, passwordSignIn: true }));
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Sign in with Keycloak' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  test('without password sign-in the form hides behind the administrator link', async () => {
    mockFetch(webConfig({ sso: { name: 'Keycloak' }, passwordSignIn: false }));
    const { user } = renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in with Keycloak' });
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in with a password (administrator)' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  test('a one-time code on the URL becomes the session, and the remembered target opens', async () => {
    sessionStorage.setItem('crm-sso-return', '?to=/lead-status/list');
    const { calls } = mockFetch({ ...webConfig({ sso: { name: 'Keycloak' }, passwordSignIn: true }), 'POST /api/auth/oidc/exchange': () => reply(200, testSession('Admin')) });
    const { router } = renderApp('/login?sso=one-time-code');
    expect(await screen.findByText('remote page remote_leads/lead-status-list-page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/lead-status/list');
    expect(calls.filter((c) => c.path === '/api/auth/oidc/exchange').map((c) => c.body)).toEqual([{ code: 'one-time-code' }]);
    expect(getAccessToken()).toBe('token-1');
  });

  test('a spent code and a refusal from the callback are explained', async () => {
    mockFetch({ ...webConfig({ sso: { name: 'Keycloak' }, passwordSignIn: true }), 'POST /api/auth/oidc/exchange': () => reply(422, { message: 'x', errors: { code: ['x'] } }) });
    const { router } = renderApp('/login?sso=spent');
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link is invalid or has expired. Sign in again.');
    expect(await landed(router)).toBe('/login');
  });

  test('an unverified email is named in the screen language', async () => {
    mockFetch(webConfig({ sso: { name: 'Keycloak' }, passwordSignIn: true }));
    renderApp('/login?sso_error=unverified_email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your identity provider has not verified your email address, so you cannot sign in.');
  });

  test('password sign-in refused by the server says so in the screen language', async () => {
    mockFetch({
      ...webConfig({ sso: { name: 'Keycloak' }, passwordSignIn: false }),
      'POST /api/auth/login': () => reply(403, { message: 'server text', code: 'PASSWORD_SIGN_IN_OFF' }),
    });
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a password (administrator)' }));
    await user.type(screen.getByLabelText('Email'), 'anna@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password sign-in is turned off. Use single sign-on.');
  });
});
