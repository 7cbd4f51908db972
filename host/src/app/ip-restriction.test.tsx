import { screen, waitFor } from '@testing-library/react';
import { mockFetch, reply } from './testing/mock-fetch';
import { currentPath, renderApp, type TestRouter } from './testing/render-app';

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

describe('IP allow-list restriction', () => {
  test('an API call answering IP_NOT_ALLOWED shows the page that names the refused address', async () => {
    mockFetch({
      'POST /api/auth/login': () =>
        reply(403, { code: 'IP_NOT_ALLOWED', message: 'Access from the address 198.51.100.7 is not allowed.', ip: '198.51.100.7' }),
    });
    const { router, user } = renderApp('/login');
    expect(await landed(router)).toBe('/login');
    await user.type(await screen.findByLabelText('Email'), 'anna@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Access from this address is not allowed' })).toBeInTheDocument();
    expect(screen.getByTestId('refused-address')).toHaveTextContent('198.51.100.7');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  test('another 403 is not a restriction', async () => {
    mockFetch({ 'POST /api/auth/login': () => reply(403, { code: 'FORBIDDEN', message: 'This action is unauthorized.' }) });
    const { router, user } = renderApp('/login');
    expect(await landed(router)).toBe('/login');
    await user.type(await screen.findByLabelText('Email'), 'anna@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
    expect(screen.queryByRole('heading', { name: 'Access from this address is not allowed' })).not.toBeInTheDocument();
  });
});
