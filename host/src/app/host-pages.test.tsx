import { screen, within } from '@testing-library/react';
import type { PreloadErrorDetail } from '../features/remotes/utils/raise-preload-error';
import { mockFetch } from './testing/mock-fetch';
import { renderApp } from './testing/render-app';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

// Stands for a host chunk the browser could not fetch (a deploy replaced it, the network dropped).
jest.mock('../features/auth/components/login-page', () => {
  throw new Error('Loading chunk login-page failed');
});

test('a host page that fails to load shows the inline error and raises preload-error', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const details: PreloadErrorDetail[] = [];
  window.addEventListener('preload-error', (event) => details.push((event as CustomEvent<PreloadErrorDetail>).detail));
  localStorage.clear();
  mockFetch();

  renderApp('/login');

  const failure = await screen.findByTestId('module-failure');
  expect(within(failure).getByRole('heading', { name: 'Could not load host' })).toBeInTheDocument();
  expect(within(failure).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(details).toEqual([expect.objectContaining({ source: 'host', moduleId: 'host/login-page' })]);
});
