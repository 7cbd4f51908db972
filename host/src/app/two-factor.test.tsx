import { getAccessToken } from '@crm/shared/api-client';
import { screen, waitFor, within } from '@testing-library/react';
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

const CHALLENGE = { two_factor: 'code', challenge: 'challenge-1', expires_at: '2030-01-01T00:05:00.000Z' };
const SETUP = { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/CRM:anna?secret=JBSWY3DPEHPK3PXP', qr_svg_data_url: 'data:image/svg+xml;base64,PHN2Zy8+' };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${String(i + 20)}`);

async function signIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'anna@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('two-factor sign-in', () => {
  test('the password answers a challenge: a wrong code shows its message, the right one signs in', async () => {
    const codes: unknown[] = [];
    const { calls } = mockFetch({
      'POST /api/auth/login': () => reply(200, CHALLENGE),
      'POST /api/auth/login/two-factor': (call) => {
        codes.push(call.body);
        return codes.length === 1
          ? reply(422, { message: 'Invalid', code: 'VALIDATION_FAILED', errors: { code: ['This code is not valid.'] } })
          : reply(200, testSession('Admin'));
      },
    });
    const { router, user } = renderApp('/login?to=/lead-status/list');
    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByLabelText('Code from the app')).toHaveAccessibleDescription('This code is not valid.'));

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcd-efgh-jkmn-pqrs');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('remote page remote_leads/lead-status-list-page')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/lead-status/list');
    expect(getAccessToken()).toBe('token-1');
    expect(codes).toEqual([
      { challenge: 'challenge-1', code: '123456' },
      { challenge: 'challenge-1', code: 'abcd-efgh-jkmn-pqrs' },
    ]);
    expect(calls.filter((c) => c.path === '/api/auth/login')).toHaveLength(1);
  });

  test('a role that requires 2FA: set up with the QR code, keep the recovery codes, then the session', async () => {
    mockFetch({
      'POST /api/auth/login': () => reply(200, { ...CHALLENGE, two_factor: 'setup' }),
      'POST /api/auth/login/two-factor/setup': () => reply(200, SETUP),
      'POST /api/auth/login/two-factor/confirm': () => reply(200, { ...testSession('Admin'), recovery_codes: CODES }),
    });
    const { router, user } = renderApp('/login');
    await signIn(user);

    expect(await screen.findByText('Your role requires two-factor authentication. Set it up to continue.')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code to scan with an authenticator app' })).toHaveAttribute('src', SETUP.qr_svg_data_url);
    expect(screen.getByText(SETUP.secret)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    // Not signed in until the codes have been seen.
    expect(getAccessToken()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('remote page remote_leads/leads-list-page')).toBeInTheDocument();
    expect(await landed(router)).toBe('/leads/list');
    expect(getAccessToken()).toBe('token-1');
  });
});

describe('the account tab', () => {
  // SWR shares one request per key for 2 s (dedupingInterval) across renders: a request the test before left would
  // answer this test's status from that test's (torn-down) mock.
  beforeEach(() => new Promise((resolve) => setTimeout(resolve, 2_100)));
  const status = (over: Record<string, unknown> = {}) => ({ enabled: false, enabled_at: null, recovery_codes_left: 0, required: false, ...over });

  test('set up, confirm with a code, see the recovery codes once; turning it off needs the password and a code', async () => {
    let enabled = false;
    const { calls } = mockFetch({
      'GET /api/auth/me': () => reply(200, { userData: testSession('Admin').userData, userAbilityRules: [{ action: 'manage', subject: 'all' }] }),
      'GET /api/me/sessions': () => reply(200, { data: [] }),
      'GET /api/me/two-factor': () => reply(200, enabled ? status({ enabled: true, enabled_at: '2026-01-02T10:00:00.000Z', recovery_codes_left: 10 }) : status()),
      'POST /api/me/two-factor/setup': () => reply(200, SETUP),
      'POST /api/me/two-factor/confirm': () => {
        enabled = true;
        return reply(200, { recovery_codes: CODES });
      },
      'POST /api/me/two-factor/disable': () => reply(422, { message: 'Invalid', code: 'VALIDATION_FAILED', errors: { password: ['The password is not correct.'] } }),
    });
    signInAs('Admin');
    const { user } = renderApp('/pages/user-profile?tab=account');

    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    await user.click(await within(section).findByRole('button', { name: 'Set up' }));
    expect(await within(section).findByRole('img', { name: 'QR code to scan with an authenticator app' })).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Code from the app'), '111 222');
    await user.click(within(section).getByRole('button', { name: 'Confirm and turn on' }));

    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(calls.find((c) => c.path === '/api/me/two-factor/confirm')?.body).toEqual({ code: '111 222' });
    await user.click(within(section).getByRole('button', { name: 'Done' }));
    expect(await within(section).findByText(/Unused recovery codes: 10\./)).toBeInTheDocument();
    expect(within(section).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();

    const form = within(section).getByRole('form', { name: 'Turn off' });
    await user.type(within(form).getByLabelText('Password'), 'wrong');
    await user.type(within(form).getByLabelText('Code from the app or a recovery code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Turn off two-factor authentication' }));
    await waitFor(() => expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription('The password is not correct.'));
    expect(calls.find((c) => c.path === '/api/me/two-factor/disable')?.body).toEqual({ password: 'wrong', code: '123456' });
  });

  test('a role that requires it: no way to turn it off', async () => {
    mockFetch({
      'GET /api/auth/me': () => reply(200, { userData: testSession('Admin').userData, userAbilityRules: [{ action: 'manage', subject: 'all' }] }),
      'GET /api/me/sessions': () => reply(200, { data: [] }),
      'GET /api/me/two-factor': () => reply(200, status({ enabled: true, enabled_at: '2026-01-02T10:00:00.000Z', recovery_codes_left: 10, required: true })),
    });
    signInAs('Admin');
    renderApp('/pages/user-profile?tab=account');
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(await within(section).findByText('Your role requires two-factor authentication, so it cannot be turned off.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Turn off two-factor authentication' })).not.toBeInTheDocument();
  });
});
