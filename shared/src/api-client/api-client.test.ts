import { api, buildApiUrl } from './api-client';
import { ApiError, firstFieldError } from './api-error';
import { fetcher } from './swr';
import { getAccessToken, IP_NOT_ALLOWED_EVENT, isLoggedIn, saveSession, UNAUTHORIZED_EVENT } from './storage';

type FetchMock = jest.Mock<Promise<unknown>, [string, RequestInit]>;

// jsdom has no fetch/Response: a minimal stand-in exposing what the client reads.
function reply(status: number, body?: unknown, contentType = 'application/json') {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    status,
    ok: status >= 200 && status < 300,
    statusText: '',
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : null) },
    text: async () => text,
  };
}

const session = {
  accessToken: 'tok-123',
  userData: { id: 1, first_name: 'Anna', name: 'Anna Petrova', email: 'a@example.com', role: 'Admin', avatar: null },
  userAbilityRules: [{ action: 'manage' as const, subject: 'all' as const }],
};

let fetchMock: FetchMock;

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  fetchMock = jest.fn(async (_url: string, _init: RequestInit) => reply(200, { data: [] }) as unknown);
  global.fetch = fetchMock as unknown as typeof fetch;
});

const lastCall = () => {
  const [url, init] = fetchMock.mock.calls[fetchMock.mock.calls.length - 1];
  return { url, init, headers: init.headers as Record<string, string> };
};

describe('api client headers', () => {
  it('sends the stored token as a Bearer header', async () => {
    saveSession(session);
    await api.get('/lead-status');
    expect(lastCall().headers.Authorization).toBe('Bearer tok-123');
    expect(lastCall().url).toBe('http://localhost/api/lead-status');
  });

  it('sends no Authorization header when signed out', async () => {
    await api.get('/lead-status');
    expect(lastCall().headers).not.toHaveProperty('Authorization');
  });

  it('JSON-encodes plain bodies', async () => {
    await api.put('/lead-status/1', { name: 'New' });
    const { init, headers } = lastCall();
    expect(init.method).toBe('PUT');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"name":"New"}');
  });

  it('passes FormData through untouched and lets the browser set its content type', async () => {
    const form = new FormData();
    form.append('title', 'Contract');
    await api.post('/documents', form);
    const { init, headers } = lastCall();
    expect(init.body).toBe(form);
    expect(headers).not.toHaveProperty('Content-Type');
  });

  it('serialises the query, leaving out undefined, null and empty values', async () => {
    await api.get('/leads', { page: 2, per_page: 25, search: '', status_id: undefined, user_id: null, favorite: true, sort: '-created_at' });
    expect(lastCall().url).toBe('http://localhost/api/leads?page=2&per_page=25&favorite=1&sort=-created_at');
    expect(buildApiUrl('/leads', { tag: ['a', 'b'], q: 'Иван Петров' })).toBe(
      'http://localhost/api/leads?tag=a&tag=b&q=%D0%98%D0%B2%D0%B0%D0%BD+%D0%9F%D0%B5%D1%82%D1%80%D0%BE%D0%B2',
    );
  });

  it('has the SWR fetcher accept ["/path", query] keys', async () => {
    await fetcher(['/leads', { page: 3 }]);
    expect(lastCall().url).toBe('http://localhost/api/leads?page=3');
    expect(lastCall().init.method).toBe('GET');
  });
});

describe('api client answers', () => {
  it('returns the parsed JSON body, and undefined for 204', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { data: [{ id: 1 }] }));
    await expect(api.get('/lead-status')).resolves.toEqual({ data: [{ id: 1 }] });
    fetchMock.mockResolvedValueOnce(reply(204));
    await expect(api.delete('/lead-status/1/delete')).resolves.toBeUndefined();
  });

  it('turns a 422 into an ApiError with per-field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      reply(422, { message: 'The given data was invalid', errors: { name: ['Name is required', 'Name is too short'] } }),
    );
    const error = await api.post('/lead-status', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'The given data was invalid' });
    expect((error as ApiError).errors.name).toEqual(['Name is required', 'Name is too short']);
    expect(firstFieldError(error, 'name')).toBe('Name is required');
    expect(firstFieldError(error, 'color')).toBeUndefined();
    expect(firstFieldError(new Error('x'), 'name')).toBeUndefined();
  });

  it('keeps the error code (409 STATUS_IN_USE)', async () => {
    fetchMock.mockResolvedValueOnce(reply(409, { message: 'In use', code: 'STATUS_IN_USE' }));
    await expect(api.delete('/lead-status/1/delete')).rejects.toMatchObject({ status: 409, code: 'STATUS_IN_USE', errors: {} });
  });

  it('makes a readable ApiError of a non-JSON error page', async () => {
    fetchMock.mockResolvedValueOnce(reply(502, '<html><body>Bad gateway</body></html>', 'text/html'));
    const error = (await api.get('/leads').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.message).toBe('Server Error');
  });

  it('reports a network failure as status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/leads')).rejects.toMatchObject({ status: 0 });
  });

  it('clears the session and fires crm:unauthorized on a 401', async () => {
    saveSession(session);
    const onUnauthorized = jest.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    fetchMock.mockResolvedValueOnce(reply(401, { message: 'Unauthenticated' }));
    await expect(api.get('/leads')).rejects.toMatchObject({ status: 401 });
    window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(isLoggedIn()).toBe(false);
    expect(getAccessToken()).toBeNull();
  });

  it('fires crm:ip-not-allowed with the refused address on a 403 IP_NOT_ALLOWED, and not on other 403s', async () => {
    const refused: unknown[] = [];
    const onRefused = (event: Event) => refused.push((event as CustomEvent).detail);
    window.addEventListener(IP_NOT_ALLOWED_EVENT, onRefused);
    fetchMock.mockResolvedValueOnce(reply(403, { code: 'IP_NOT_ALLOWED', message: 'Access from the address 10.1.2.3 is not allowed.', ip: '10.1.2.3' }));
    await expect(api.get('/leads')).rejects.toMatchObject({ status: 403, code: 'IP_NOT_ALLOWED' });
    fetchMock.mockResolvedValueOnce(reply(403, { code: 'FORBIDDEN', message: 'This action is unauthorized.' }));
    await expect(api.get('/leads')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    window.removeEventListener(IP_NOT_ALLOWED_EVENT, onRefused);
    expect(refused).toEqual([{ ip: '10.1.2.3' }]);
  });

  it('does not treat a 401 from sign-in as an expired session', async () => {
    saveSession(session);
    const onUnauthorized = jest.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    fetchMock.mockResolvedValueOnce(reply(401, { message: 'Nope' }));
    await expect(api.post('/auth/login', { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({ status: 401 });
    window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(isLoggedIn()).toBe(true);
  });
});
