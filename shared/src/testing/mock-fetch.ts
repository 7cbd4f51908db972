/** What a mocked endpoint answers: a status (200 unless said) and a JSON body. */
export type MockAnswer = { status?: number; body?: unknown };
export type MockRequest = { method: string; url: URL; body: unknown };
export type MockRoute = MockAnswer | ((request: MockRequest) => MockAnswer);

function jsonResponse({ status = 200, body }: MockAnswer): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  // Only what the shared API client reads: status, ok, content type and the text.
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: async () => text,
    json: async () => JSON.parse(text),
  } as unknown as Response;
}

/**
 * Replaces `global.fetch` at the network boundary with a table of `'METHOD /api/path'` routes
 * (query strings ignored; read them from `request.url`). Unknown routes answer 404.
 */
export function mockFetch(routes: Record<string, MockRoute>) {
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init?.method ?? 'GET').toUpperCase();
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return jsonResponse({ status: 404, body: { message: `No mock for ${method} ${url.pathname}` } });
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return jsonResponse(typeof route === 'function' ? route({ method, url, body }) : route);
  });
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

/** The requests a `mockFetch` mock received for `'METHOD /api/path'`, with their parsed URLs and bodies. */
export function requestsTo(fn: ReturnType<typeof mockFetch>, route: string): MockRequest[] {
  return fn.mock.calls.flatMap(([input, init]) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (`${method} ${url.pathname}` !== route) return [];
    return [{ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined }];
  });
}
