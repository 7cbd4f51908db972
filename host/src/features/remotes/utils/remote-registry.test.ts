import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { ModuleLoadError } from './module-load-error';
import { RemoteIncompatibleError } from './remote-incompatible-error';
import { forgetOfferedManifests } from './manifest-handoff';
import manifestHandoffPlugin from './manifest-handoff-plugin';
import { loadRemotePage, remoteNameOf, resetRemote, resetRemoteRegistryForTests } from './remote-registry';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

const manifest = { remotes: [{ name: 'remote_leads', entry: 'http://localhost:3001/mf-manifest.json' }] };
const Page = () => null;

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: jest.Mock;
let sharedRange: string;
const remotesJsonCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/build/remotes.json');

beforeEach(() => {
  resetRemoteRegistryForTests();
  forgetOfferedManifests();
  jest.mocked(registerRemotes).mockReset();
  jest.mocked(loadRemote).mockReset().mockResolvedValue({ default: Page });
  sharedRange = `>=${__CRM_SHARED_VERSION__} <1000.0.0`;
  // The remotes manifest, and each remote's mf-manifest.json with the build info the host checks.
  fetchMock = jest.fn(async (url: string) =>
    url === '/build/remotes.json'
      ? answer(200, manifest)
      : answer(200, { metaData: { remoteBuild: { name: 'remote_leads', version: '2.0.0', commit: 'abc', builtAt: '', sharedRange } } }),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
});

test('remoteNameOf takes the remote out of a module id', () => {
  expect(remoteNameOf('remote_admin/roles-page')).toBe('remote_admin');
});

test('reads the manifest once and registers its remotes', async () => {
  await loadRemotePage('remote_leads/leads-list-page');
  await loadRemotePage('remote_leads/lead-status-list-page');
  expect(remotesJsonCalls()).toHaveLength(1);
  expect(registerRemotes).toHaveBeenCalledWith(manifest.remotes);
  expect(loadRemote).toHaveBeenCalledWith('remote_leads/leads-list-page');
});

test("reads a remote's mf-manifest.json once for its build info", async () => {
  await loadRemotePage('remote_leads/leads-list-page');
  await loadRemotePage('remote_leads/lead-status-list-page');
  expect(fetchMock.mock.calls.filter(([url]) => url === manifest.remotes[0].entry)).toHaveLength(1);
});

test("the federation runtime reads the remote's mf-manifest.json from the host's request, not from a second one", async () => {
  await loadRemotePage('remote_leads/leads-list-page');
  const runtimeFetch = (url: string) => manifestHandoffPlugin().fetch?.(url, {});
  const handedOver = await runtimeFetch(manifest.remotes[0].entry);
  expect(handedOver).toBeTruthy();
  expect(await (handedOver as Response).json()).toMatchObject({ metaData: { remoteBuild: { name: 'remote_leads', version: '2.0.0' } } });
  expect(fetchMock.mock.calls.filter(([url]) => url === manifest.remotes[0].entry)).toHaveLength(1);
  // Once: a later read (the remote reset by Retry) goes to the network, as does any other file.
  expect(runtimeFetch(manifest.remotes[0].entry)).toBeUndefined();
  expect(runtimeFetch('http://localhost:3001/remoteEntry.js')).toBeUndefined();
});

test('a remote built for a @crm/shared the host does not provide is never loaded', async () => {
  sharedRange = '>=99.0.0 <100.0.0';
  const failure = loadRemotePage('remote_leads/leads-list-page');
  await expect(failure).rejects.toBeInstanceOf(RemoteIncompatibleError);
  await expect(failure).rejects.toMatchObject({
    source: 'remote_leads',
    moduleId: 'remote_leads/leads-list-page',
    remoteVersion: '2.0.0',
    sharedRequired: '>=99.0.0 <100.0.0',
    sharedProvided: __CRM_SHARED_VERSION__,
  });
  expect(loadRemote).not.toHaveBeenCalled();
  // A second page of the same remote names its own module.
  await expect(loadRemotePage('remote_leads/lead-status-list-page')).rejects.toMatchObject({ moduleId: 'remote_leads/lead-status-list-page' });

  // Redeployed for this shared: Retry (resetRemote) reads the manifest again and the page loads.
  sharedRange = `>=${__CRM_SHARED_VERSION__} <1000.0.0`;
  resetRemote('remote_leads');
  await expect(loadRemotePage('remote_leads/leads-list-page')).resolves.toEqual({ default: Page });
});

test('every failure is a ModuleLoadError naming the remote and module', async () => {
  jest.mocked(loadRemote).mockRejectedValue(new Error('script failed'));
  const failure = loadRemotePage('remote_leads/leads-list-page');
  await expect(failure).rejects.toBeInstanceOf(ModuleLoadError);
  await expect(failure).rejects.toMatchObject({ source: 'remote_leads', moduleId: 'remote_leads/leads-list-page' });
});

test('a module without a default export is a failure', async () => {
  jest.mocked(loadRemote).mockResolvedValue({});
  await expect(loadRemotePage('remote_leads/leads-list-page')).rejects.toBeInstanceOf(ModuleLoadError);
});

test('a failed manifest request is asked again next time', async () => {
  fetchMock.mockResolvedValueOnce(answer(404, {}));
  await expect(loadRemotePage('remote_leads/leads-list-page')).rejects.toBeInstanceOf(ModuleLoadError);
  await expect(loadRemotePage('remote_leads/leads-list-page')).resolves.toEqual({ default: Page });
  expect(remotesJsonCalls()).toHaveLength(2);
});

test('resetRemote re-registers the remote with force, which drops the runtime cache for it', async () => {
  await loadRemotePage('remote_leads/leads-list-page');
  resetRemote('remote_leads');
  expect(registerRemotes).toHaveBeenLastCalledWith([manifest.remotes[0]], { force: true });
  resetRemote('remote_unknown');
  expect(registerRemotes).toHaveBeenCalledTimes(2);
});

describe('a manifest inlined in the page by the API', () => {
  afterEach(() => document.getElementById('remotes-manifest')?.remove());

  function inline(text: string) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'remotes-manifest';
    script.textContent = text;
    document.head.append(script);
  }

  test('is used instead of asking /build/remotes.json', async () => {
    const moved = { remotes: [{ name: 'remote_leads', entry: 'https://leads.example.com/mf-manifest.json' }] };
    inline(JSON.stringify(moved));
    await loadRemotePage('remote_leads/leads-list-page');
    expect(remotesJsonCalls()).toHaveLength(0);
    expect(registerRemotes).toHaveBeenCalledWith(moved.remotes);
  });

  test('that does not parse is ignored and the manifest is fetched', async () => {
    inline('{"remotes": [{"name": ""}]}');
    await loadRemotePage('remote_leads/leads-list-page');
    expect(remotesJsonCalls()).toHaveLength(1);
    expect(registerRemotes).toHaveBeenCalledWith(manifest.remotes);
  });
});
