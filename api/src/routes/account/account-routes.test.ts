import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { bearer, buildTestApp, storageDrivers, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/fixtures';
import { multipart } from '../../test/multipart';
import { AVATAR_NOT_IMAGE, FORBIDDEN_SHORTCUT, SESSION_NOT_FOUND, UNKNOWN_SHORTCUT } from '../../services/account-service';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';

for (const [driver, storage] of testDrivers().flatMap((d) => storageDrivers().map((s) => [d, s] as const))) {
  describe(`account: profile, avatar, sessions, shortcuts (${driver}, ${storage} files)`, () => {
    let t: TestApp;
    const signIn = async (email: string, userAgent: string) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': userAgent }, payload: { email, password: TEST_PASSWORD } });
      assert.equal(response.statusCode, 200, response.body);
      return bearer(response.json().accessToken as string);
    };
    const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

    before(async () => {
      t = await buildTestApp({ driver, storage });
      await createUser(t, { email: 'acc-ops@test.local', role: 'Operator', name: 'Ольга Сессиева' });
      await createUser(t, { email: 'acc-other@test.local', role: 'Operator', name: 'Другой Пользователь' });
      await createUser(t, { email: 'acc-manager@test.local', role: 'Manager', name: 'Мария Менеджер' });
    });
    after(() => t.close());

    test('sessions list device, address and "this device"; sign out everywhere else ends the others only', async () => {
      const laptop = await signIn('acc-ops@test.local', CHROME_WINDOWS);
      const phone = await signIn('acc-ops@test.local', FIREFOX_LINUX);
      const other = await signIn('acc-other@test.local', CHROME_WINDOWS);

      const list = await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: laptop });
      assert.equal(list.statusCode, 200);
      const sessions = list.json().data as { id: number; device: string; ip: string; current: boolean; created_at: string }[];
      assert.deepEqual(sessions.map((s) => s.device).sort(), ['Chrome on Windows', 'Firefox on Linux']);
      assert.deepEqual(sessions.filter((s) => s.current).map((s) => s.device), ['Chrome on Windows']);
      assert.ok(sessions.every((s) => s.ip === '127.0.0.1' && !Number.isNaN(Date.parse(s.created_at))));

      // Another user's session cannot be seen or ended.
      const otherSessions = (await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: other })).json().data as { id: number }[];
      assert.equal(otherSessions.length, 1);
      const foreign = await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${otherSessions[0].id}`, headers: laptop });
      assert.equal(foreign.statusCode, 404);
      assert.equal(foreign.json().message, SESSION_NOT_FOUND);
      assert.equal((await me(other)).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'DELETE', url: '/api/me/sessions/abc', headers: laptop })).statusCode, 422);

      const revoked = await t.app.inject({ method: 'POST', url: '/api/me/sessions/revoke-others', headers: laptop });
      assert.equal(revoked.statusCode, 200);
      assert.equal(revoked.json().revoked, 1);
      assert.equal((await me(phone)).statusCode, 401);
      assert.equal((await me(laptop)).statusCode, 200);
      assert.equal((await me(other)).statusCode, 200);
      const after = (await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: laptop })).json().data;
      assert.deepEqual(after.map((s: { current: boolean }) => s.current), [true]);
    });

    test('one session can be ended by its id; ending it twice answers 404', async () => {
      const a = await signIn('acc-manager@test.local', CHROME_WINDOWS);
      const b = await signIn('acc-manager@test.local', FIREFOX_LINUX);
      const sessions = (await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: a })).json().data as { id: number; current: boolean }[];
      const target = sessions.find((s) => !s.current)!;
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${target.id}`, headers: a })).statusCode, 200);
      assert.equal((await me(b)).statusCode, 401);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${target.id}`, headers: a })).statusCode, 404);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/me/sessions' })).statusCode, 401);
    });

    test('the name can be changed; an empty name answers 422', async () => {
      const headers = await signIn('acc-other@test.local', CHROME_WINDOWS);
      const changed = await t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers, payload: { name: '  Новое Имя ' } });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.equal(changed.json().userData.name, 'Новое Имя');
      assert.equal((await me(headers)).json().userData.name, 'Новое Имя');
      const empty = await t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers, payload: { name: '   ' } });
      assert.equal(empty.statusCode, 422);
      assert.deepEqual(Object.keys(empty.json().errors), ['name']);
      const profile = (await t.app.inject({ method: 'GET', url: '/api/me/profile', headers })).json();
      assert.equal(profile.userData.role, 'Operator');
      assert.deepEqual(profile.teams, []);
    });

    test('an avatar is sniffed, cropped to a 256 px WebP square, served inertly, in the session data, and removable', async () => {
      const headers = await signIn('acc-manager@test.local', CHROME_WINDOWS);
      const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#3366ff' } }).png().toBuffer();
      // The declared type and name lie; the bytes decide.
      const form = multipart({}, { field: 'avatar', filename: 'me.txt', content: png, contentType: 'text/plain' });
      const uploaded = await t.app.inject({ method: 'POST', url: '/api/me/avatar', headers: { ...headers, ...form.headers }, payload: form.payload });
      assert.equal(uploaded.statusCode, 200, uploaded.body);
      const url = uploaded.json().userData.avatar as string;
      assert.match(url, /^\/api\/avatars\/[0-9a-f]{32}\.webp$/);
      assert.equal((await me(headers)).json().userData.avatar, url);

      const served = await t.app.inject({ method: 'GET', url });
      assert.equal(served.statusCode, 200);
      assert.equal(served.headers['content-type'], 'image/webp');
      assert.equal(served.headers['x-content-type-options'], 'nosniff');
      assert.match(String(served.headers['content-security-policy']), /sandbox/);
      const meta = await sharp(served.rawPayload).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 256, 256]);
      if (t.s3) assert.deepEqual(await t.s3.keys(), [url.slice('/api/avatars/'.length, -'.webp'.length)]);

      const svg = multipart({}, { field: 'avatar', filename: 'a.png', content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', contentType: 'image/png' });
      const refused = await t.app.inject({ method: 'POST', url: '/api/me/avatar', headers: { ...headers, ...svg.headers }, payload: svg.payload });
      assert.equal(refused.statusCode, 422);
      assert.deepEqual(refused.json().errors.avatar, [AVATAR_NOT_IMAGE]);
      const big = multipart({}, { field: 'avatar', filename: 'big.png', content: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]) });
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/me/avatar', headers: { ...headers, ...big.headers }, payload: big.payload })).statusCode, 413);
      const none = multipart({ x: '1' });
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/me/avatar', headers: { ...headers, ...none.headers }, payload: none.payload })).statusCode, 422);

      const removed = await t.app.inject({ method: 'DELETE', url: '/api/me/avatar', headers });
      assert.equal(removed.statusCode, 200);
      assert.equal(removed.json().userData.avatar, null);
      assert.equal((await t.app.inject({ method: 'GET', url })).statusCode, 404);
      if (t.s3) assert.deepEqual(await t.s3.keys(), []);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/avatars/..%2F..%2Fetc%2Fpasswd' })).statusCode, 404);
    });

    test('shortcuts: stored per user, unknown pages and pages the role cannot open answer 422', async () => {
      const operator = await signIn('acc-other@test.local', CHROME_WINDOWS);
      const manager = await signIn('acc-manager@test.local', CHROME_WINDOWS);
      const put = (headers: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/me/shortcuts', headers, payload });

      assert.deepEqual((await t.app.inject({ method: 'GET', url: '/api/me/shortcuts', headers: operator })).json(), { pages: [] });
      const bad = await put(operator, { pages: ['leads-list', 'no-such-page', 'apps-users'] });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(bad.json().errors, { 'pages.1': [UNKNOWN_SHORTCUT], 'pages.2': [FORBIDDEN_SHORTCUT] });
      assert.equal((await put(operator, { pages: 'leads-list' })).statusCode, 422);
      assert.equal((await put(operator, { pages: ['leads-list', 'leads-list'] })).statusCode, 422);

      const saved = await put(operator, { pages: ['document-list', 'leads-list'] });
      assert.equal(saved.statusCode, 200);
      assert.deepEqual((await t.app.inject({ method: 'GET', url: '/api/me/shortcuts', headers: operator })).json(), { pages: ['document-list', 'leads-list'] });
      assert.deepEqual((await t.app.inject({ method: 'GET', url: '/api/me/shortcuts', headers: manager })).json(), { pages: [] });
      assert.equal((await put(manager, { pages: ['apps-users'] })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/me/shortcuts' })).statusCode, 401);
    });
  });
}
