import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { ErrorState } from '@crm/shared/ui';
import { screen, waitFor, within } from '@testing-library/react';
import type { PreloadErrorDetail } from '../features/remotes/utils/raise-preload-error';
import { clearLazyPagesForTests } from '../features/remotes/utils/lazy-page-cache';
import { resetRemoteRegistryForTests } from '../features/remotes/utils/remote-registry';
import { mockFetch, remoteManifest, reply, TEST_REMOTES } from './testing/mock-fetch';
import { renderApp } from './testing/render-app';
import { signInAs } from './testing/session';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

const mockedLoadRemote = jest.mocked(loadRemote);
const mockedRegisterRemotes = jest.mocked(registerRemotes);
const page = (id: string) => ({ default: () => <p>remote page {id}</p> });

let preloadErrors: PreloadErrorDetail[];
const onPreloadError = (event: Event) => preloadErrors.push((event as CustomEvent<PreloadErrorDetail>).detail);

beforeEach(() => {
  localStorage.clear();
  resetRemoteRegistryForTests();
  clearLazyPagesForTests();
  mockedLoadRemote.mockReset();
  mockedRegisterRemotes.mockReset();
  preloadErrors = [];
  window.addEventListener('preload-error', onPreloadError);
  // React reports errors its boundaries caught; they are the point of these tests.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  signInAs('Admin');
});

afterEach(() => {
  window.removeEventListener('preload-error', onPreloadError);
  jest.restoreAllMocks();
});

test('remotes are registered once from /build/remotes.json and pages load through loadRemote', async () => {
  const { calls } = mockFetch();
  mockedLoadRemote.mockImplementation(async (id: string) => page(id));
  const { user } = renderApp('/leads/list');

  expect(await screen.findByText('remote page remote_leads/leads-list-page')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Comment steps' }));
  expect(await screen.findByText('remote page remote_admin/comment-step-list-page')).toBeInTheDocument();

  expect(calls.filter((c) => c.path === '/build/remotes.json')).toHaveLength(1);
  expect(mockedRegisterRemotes).toHaveBeenCalledTimes(1);
  expect(mockedRegisterRemotes).toHaveBeenCalledWith(TEST_REMOTES.remotes);
});

test('a remote that fails shows an inline error inside the layout, raises preload-error, and Retry really retries', async () => {
  mockFetch();
  mockedLoadRemote.mockImplementation(async (id: string) => {
    if (id.startsWith('remote_leads/')) throw new Error('RUNTIME-003 manifest answered 404');
    return page(id);
  });
  const { user } = renderApp('/leads/list');

  const failure = await screen.findByTestId('module-failure');
  expect(within(failure).getByRole('heading', { name: 'Could not load remote_leads' })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  expect(preloadErrors).toEqual([
    expect.objectContaining({ source: 'remote_leads', moduleId: 'remote_leads/leads-list-page' }),
  ]);

  // The remote comes back: Retry drops the runtime's cache for it (force re-register) and loads again.
  mockedLoadRemote.mockImplementation(async (id: string) => page(id));
  await user.click(within(failure).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('remote page remote_leads/leads-list-page')).toBeInTheDocument();
  expect(mockedRegisterRemotes).toHaveBeenLastCalledWith([TEST_REMOTES.remotes[0]], { force: true });
  expect(mockedLoadRemote.mock.calls.filter(([id]) => id === 'remote_leads/leads-list-page')).toHaveLength(2);
});

test('the other areas keep working while one remote is down', async () => {
  mockFetch();
  mockedLoadRemote.mockImplementation(async (id: string) => {
    if (id.startsWith('remote_leads/')) throw new Error('down');
    return page(id);
  });
  const { user } = renderApp('/leads/list');
  await screen.findByTestId('module-failure');

  await user.click(screen.getByRole('link', { name: 'Document categories' }));
  expect(await screen.findByText('remote page remote_documents/document-category-list-page')).toBeInTheDocument();
  expect(screen.queryByTestId('module-failure')).not.toBeInTheDocument();
});

test('a remote built for a newer @crm/shared is not mounted: the panel names both versions and whom to tell', async () => {
  mockFetch({ 'GET /build/remotes/leads/mf-manifest.json': () => reply(200, remoteManifest('remote_leads', '>=99.0.0 <100.0.0')) });
  mockedLoadRemote.mockImplementation(async (id: string) => page(id));
  const { user } = renderApp('/leads/list');

  const failure = await screen.findByTestId('module-failure');
  expect(within(failure).getByRole('heading', { name: 'remote_leads was built for another version of the app' })).toBeInTheDocument();
  expect(failure).toHaveTextContent(
    `remote_leads 0.1.0 (commit 0123456789ab) was built for @crm/shared >=99.0.0 <100.0.0, and this app provides ${__CRM_SHARED_VERSION__}.`,
  );
  expect(failure).toHaveTextContent('Tell the team that owns remote_leads.');
  expect(mockedLoadRemote).not.toHaveBeenCalled();
  expect(preloadErrors).toEqual([
    expect.objectContaining({
      source: 'remote_leads',
      moduleId: 'remote_leads/leads-list-page',
      versions: {
        remote_version: '0.1.0',
        remote_commit: '0123456789abcdef0123',
        shared_required: '>=99.0.0 <100.0.0',
        shared_provided: __CRM_SHARED_VERSION__,
      },
    }),
  ]);

  // Another remote, built for this shared, still mounts in the same layout.
  await user.click(screen.getByRole('link', { name: 'Document categories' }));
  expect(await screen.findByText('remote page remote_documents/document-category-list-page')).toBeInTheDocument();
});

test('a remote built against an older minor of @crm/shared still mounts', async () => {
  mockFetch({ 'GET /build/remotes/leads/mf-manifest.json': () => reply(200, remoteManifest('remote_leads', '>=0.0.0 <1.0.0')) });
  mockedLoadRemote.mockImplementation(async (id: string) => page(id));
  renderApp('/leads/list');
  expect(await screen.findByText('remote page remote_leads/leads-list-page')).toBeInTheDocument();
  expect(preloadErrors).toEqual([]);
});

test('a failing remotes manifest fails the page inline, and Retry asks for the manifest again', async () => {
  let manifestUp = false;
  const { calls } = mockFetch({
    'GET /build/remotes.json': () => (manifestUp ? reply(200, TEST_REMOTES) : reply(503, {})),
  });
  mockedLoadRemote.mockImplementation(async (id: string) => page(id));
  const { user } = renderApp('/apps/roles');

  const failure = await screen.findByTestId('module-failure');
  expect(within(failure).getByRole('heading', { name: 'Could not load remote_admin' })).toBeInTheDocument();
  expect(preloadErrors).toHaveLength(1);
  expect(mockedLoadRemote).not.toHaveBeenCalled();

  manifestUp = true;
  await user.click(within(failure).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('remote page remote_admin/roles-page')).toBeInTheDocument();
  expect(calls.filter((c) => c.path === '/build/remotes.json')).toHaveLength(2);
});

test('a remote missing from the manifest is a load failure too', async () => {
  mockFetch({ 'GET /build/remotes.json': () => reply(200, { remotes: TEST_REMOTES.remotes.slice(0, 1) }) });
  mockedLoadRemote.mockImplementation(async (id: string) => page(id));
  renderApp('/comment-step/list');
  const failure = await screen.findByTestId('module-failure');
  expect(within(failure).getByRole('heading', { name: 'Could not load remote_admin' })).toBeInTheDocument();
  await waitFor(() => expect(preloadErrors).toHaveLength(1));
});

test('a page that throws while rendering is contained too, without a preload-error', async () => {
  mockFetch();
  mockedLoadRemote.mockImplementation(async () => ({
    default: () => {
      throw new Error('bad render');
    },
  }));
  renderApp('/leads/list');
  const failure = await screen.findByTestId('module-failure');
  expect(within(failure).getByRole('heading', { name: 'remote_leads could not show this page' })).toBeInTheDocument();
  expect(within(failure).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(preloadErrors).toHaveLength(0);
});

test('coming back to a page that failed tries it again', async () => {
  mockFetch();
  mockedLoadRemote.mockImplementation(async (id: string) => {
    if (id === 'remote_leads/leads-list-page') throw new Error('down');
    return page(id);
  });
  const { user } = renderApp('/leads/list');
  await screen.findByTestId('module-failure');

  await user.click(screen.getByRole('link', { name: 'Lead statuses' }));
  await screen.findByText('remote page remote_leads/lead-status-list-page');
  mockedLoadRemote.mockImplementation(async (id: string) => page(id));
  await user.click(screen.getByRole('link', { name: 'Leads' }));
  expect(await screen.findByText('remote page remote_leads/leads-list-page')).toBeInTheDocument();
});

test('a remote screen renders the shared kit in Russian while the shell speaks English (one language per screen)', async () => {
  mockFetch();
  // A remote page with a kit component whose texts come from the kit: its Retry button.
  mockedLoadRemote.mockImplementation(async () => ({ default: () => <ErrorState title="Ошибка" onRetry={() => undefined} /> }));
  renderApp('/leads/list');
  const failure = await screen.findByRole('alert');
  expect(within(failure).getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  // The shell around it stays English.
  expect(screen.getByRole('link', { name: 'Comment steps' })).toBeInTheDocument();
});
