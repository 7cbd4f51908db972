import { ApiError } from './api-error';
import { downloadFile, filenameFromContentDisposition } from './download-file';
import { getAccessToken, saveSession, UNAUTHORIZED_EVENT } from './storage';

// jsdom has no fetch/Response: a stand-in with what downloadFile reads.
function fileReply(status: number, body: string, headers: Record<string, string> = {}) {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    text: async () => body,
    blob: async () => new Blob([body], { type: lower['content-type'] ?? 'application/octet-stream' }),
  };
}

// jsdom's Blob lacks text().
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

const session = {
  accessToken: 'tok-123',
  userData: { id: 1, first_name: 'Anna', name: 'Anna Petrova', email: 'a@example.com', role: 'Admin', avatar: null },
  userAbilityRules: [{ action: 'manage' as const, subject: 'all' as const }],
};

let fetchMock: jest.Mock;
let saved: { download: string; href: string }[];

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  saved = [];
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
  URL.createObjectURL = jest.fn(() => 'blob:http://localhost/file-1');
  URL.revokeObjectURL = jest.fn();
  // jsdom cannot navigate; record what the browser would have saved instead.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ download: this.download, href: this.href });
  });
});

afterEach(() => jest.restoreAllMocks());

describe('filenameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="leads-2025-01-31.csv"', 'leads-2025-01-31.csv'],
    ['attachment; filename=report.csv', 'report.csv'],
    ["attachment; filename=\"fallback.csv\"; filename*=UTF-8''%D0%BB%D0%B8%D0%B4%D1%8B.csv", 'лиды.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', undefined],
    [null, undefined],
  ])('%s → %s', (header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected);
  });
});

describe('downloadFile', () => {
  it('GETs /api + path + query with the Bearer header and saves under the server’s name', async () => {
    saveSession(session);
    fetchMock.mockResolvedValue(
      fileReply(200, 'id,surname\n', {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="leads-2025-01-31.csv"',
      }),
    );

    const name = await downloadFile('/leads/export', { status_id: 3, search: '', favorite: 1 }, 'leads.csv');

    expect(name).toBe('leads-2025-01-31.csv');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://localhost/api/leads/export?status_id=3&favorite=1');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok-123' });
    expect(saved).toEqual([{ download: 'leads-2025-01-31.csv', href: 'blob:http://localhost/file-1' }]);
    const blob = (URL.createObjectURL as jest.Mock).mock.calls[0][0] as Blob;
    expect(await readText(blob)).toBe('id,surname\n');
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('falls back to the given name without a Content-Disposition', async () => {
    fetchMock.mockResolvedValue(fileReply(200, 'x', { 'Content-Type': 'text/csv' }));
    await expect(downloadFile('/leads/import/7/report', undefined, 'import-7.csv')).resolves.toBe('import-7.csv');
    expect(saved[0].download).toBe('import-7.csv');
  });

  it('throws the API’s error and saves nothing on a failure', async () => {
    fetchMock.mockResolvedValue(
      fileReply(403, JSON.stringify({ message: 'Forbidden', code: 'FORBIDDEN' }), { 'Content-Type': 'application/json' }),
    );
    const failure = downloadFile('/leads/export');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 403, message: 'Forbidden', code: 'FORBIDDEN' });
    expect(saved).toEqual([]);
  });

  it('ends the session on a 401 like the API client', async () => {
    saveSession(session);
    const onUnauthorized = jest.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    fetchMock.mockResolvedValue(fileReply(401, JSON.stringify({ message: 'Unauthenticated' })));

    await expect(downloadFile('/leads/export')).rejects.toMatchObject({ status: 401 });
    expect(getAccessToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  });

  it('reports an unreachable server as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(downloadFile('/leads/export')).rejects.toMatchObject({ status: 0 });
  });
});
