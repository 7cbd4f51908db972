// jsdom has no Response; tooling/jest.setup.ts installs the stand-in the router needs, which is what tests reply with.
const TestResponse = globalThis.Response;
type TestResponse = Response;

export interface MockCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: MockCall) => TestResponse | Promise<TestResponse>;

/** A JSON answer as the API gives it. */
export function reply(status: number, body?: unknown): TestResponse {
  return new TestResponse(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const TEST_REMOTES = {
  remotes: [
    { name: 'remote_leads', entry: '/build/remotes/leads/mf-manifest.json' },
    { name: 'remote_documents', entry: '/build/remotes/documents/mf-manifest.json' },
    { name: 'remote_admin', entry: '/build/remotes/admin/mf-manifest.json' },
  ],
};

/** A remote's mf-manifest.json as its build writes it (tooling/remote-build-info.cjs), trimmed to what the host reads. */
export function remoteManifest(name: string, sharedRange = `^${__CRM_SHARED_VERSION__}`) {
  return {
    id: name,
    name,
    metaData: {
      name,
      remoteBuild: { name, version: '0.1.0', commit: '0123456789abcdef0123', builtAt: '2026-11-26T12:00:00.000Z', sharedRange },
    },
  };
}

/**
 * Replaces fetch with handlers keyed `'METHOD /path'` (path without query). The remotes manifest and the web config
 * (i18n off) and each remote's mf-manifest.json answer by default; anything unhandled is a 404 so a test notices a call it did not expect.
 */
export function mockFetch(handlers: Record<string, Handler> = {}) {
  const calls: MockCall[] = [];
  const all: Record<string, Handler> = {
    'GET /build/remotes.json': () => reply(200, TEST_REMOTES),
    'GET /build/web-config.json': () => reply(200, { i18nEnabled: false, defaultLanguage: 'en' }),
    ...Object.fromEntries(TEST_REMOTES.remotes.map(({ name, entry }) => [`GET ${entry}`, () => reply(200, remoteManifest(name))])),
    ...handlers,
  };
  const fetchMock = jest.fn(async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call = { method, path: url.pathname, body, headers: (init.headers ?? {}) as Record<string, string> };
    calls.push(call);
    const handler = all[`${method} ${url.pathname}`];
    return handler ? handler(call) : reply(404, { message: 'Not Found' });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return { fetchMock, calls };
}
