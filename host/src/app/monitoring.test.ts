import { clearSession } from '@crm/shared/api-client';
import { waitFor } from '@testing-library/react';
import { ModuleLoadError } from '../features/remotes/utils/module-load-error';
import { raisePreloadError } from '../features/remotes/utils/raise-preload-error';
import { RemoteIncompatibleError } from '../features/remotes/utils/remote-incompatible-error';
import { startMonitoring } from './monitoring';
import { mockFetch, reply } from './testing/mock-fetch';
import { signInAs } from './testing/session';

const reportsOf = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path.endsWith('/load-errors')).map((c) => [c.path, c.body]);

/** Reporting off (no DSN): the SDK never loads, and the load-error reports are what remains to see. */
const OFF = { 'GET /api/monitoring/config': () => reply(200, { data: null }) };

beforeAll(() => {
  mockFetch(OFF);
  startMonitoring();
});

beforeEach(() => {
  localStorage.clear();
  signInAs('Operator', []);
});

test('a remote that fails to load is reported to the API for the Модули page, with its version when the page knew it', async () => {
  const { calls } = mockFetch({ ...OFF, 'POST /api/remotes/leads/load-errors': () => reply(202, { message: 'Recorded.' }) });
  raisePreloadError(new ModuleLoadError('remote_leads', 'remote_leads/leads-list-page', new Error('Failed to fetch')));
  raisePreloadError(
    new RemoteIncompatibleError('remote_documents', 'remote_documents/document-list-page', {
      build: { version: '2.0.0', commit: 'abc1234', sharedRange: '>=1.0.0 <2.0.0' },
      sharedProvided: '0.7.0',
    }),
  );
  await waitFor(() => expect(reportsOf(calls)).toHaveLength(2));
  expect(reportsOf(calls)).toEqual([
    ['/api/remotes/leads/load-errors', { message: 'Could not load remote_leads/leads-list-page: Failed to fetch' }],
    [
      '/api/remotes/documents/load-errors',
      { message: 'remote_documents 2.0.0 needs @crm/shared >=1.0.0 <2.0.0; the host provides 0.7.0', version: '2.0.0' },
    ],
  ]);
});

test('a long message is cut to what the API keeps; a host chunk, or a signed-out page, reports nothing', async () => {
  const { calls } = mockFetch({ ...OFF, 'POST /api/remotes/admin/load-errors': () => reply(202, { message: 'Recorded.' }) });
  raisePreloadError(new ModuleLoadError('host', 'host/profile', new Error('chunk failed')));
  raisePreloadError(new ModuleLoadError('remote_admin', 'remote_admin/users-page', new Error('x'.repeat(800))));
  await waitFor(() => expect(reportsOf(calls)).toHaveLength(1));
  const [[, body]] = reportsOf(calls) as [[string, { message: string }]];
  expect(body.message).toHaveLength(500);

  clearSession();
  raisePreloadError(new ModuleLoadError('remote_admin', 'remote_admin/users-page', new Error('signed out')));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(reportsOf(calls)).toHaveLength(1);
});
