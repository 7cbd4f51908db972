import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import type { InjectOptions } from 'fastify';
import { whiteIps } from '../../db/schema/white-ips';
import { disableAllowList } from '../../scripts/allowlist-disable';
import { bearer, buildTestApp, TEST_ADMIN, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/fixtures';

const run = promisify(execFile);
const API_ROOT = path.resolve(import.meta.dirname, '../../..');

for (const driver of testDrivers()) {
  describe(`IP allow-list (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
    });
    after(() => t.close());

    const call = (options: InjectOptions) => t.app.inject({ headers: admin, ...options });
    const list = async () => (await call({ method: 'GET', url: '/api/white-ips' })).json();
    /** Back to an empty list between tests. */
    async function reset() {
      await t.app.db.delete(whiteIps);
      await t.app.whiteIpRepository.disableEnforcement();
      await t.app.ipAllowList.reload();
    }

    test('an empty list lets every address in, and tells the admin their address', async () => {
      await reset();
      const body = await list();
      assert.deepEqual(body.data, []);
      assert.equal(body.meta.your_ip, '127.0.0.1');
      const response = await call({ method: 'GET', url: '/api/auth/me', remoteAddress: '198.51.100.77' });
      assert.equal(response.statusCode, 200);
    });

    test('422 names every bad field at once', async () => {
      const response = await call({ method: 'POST', url: '/api/white-ips', payload: { address: '10.0.0.0/33', comment: 5, confirm: 'yes' } });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(Object.keys(response.json().errors).sort(), ['address', 'comment', 'confirm']);
      for (const address of ['999.1.1.1', '10.0.0.1/', 'example.com', '2001:db8::/129', '']) {
        const bad = await call({ method: 'POST', url: '/api/white-ips', payload: { address } });
        assert.equal(bad.statusCode, 422, address);
        assert.match(bad.json().errors.address[0], /IPv4 или IPv6/);
      }
    });

    test('an entry that leaves out your own address needs confirm: true (409 IP_LOCKOUT otherwise)', async () => {
      await reset();
      const refused = await call({ method: 'POST', url: '/api/white-ips', payload: { address: '10.0.0.0/8', comment: 'office' } });
      assert.equal(refused.statusCode, 409);
      assert.equal(refused.json().code, 'IP_LOCKOUT');
      assert.equal(refused.json().ip, '127.0.0.1');
      assert.match(refused.json().message, /127\.0\.0\.1/);
      assert.deepEqual((await list()).data, []);

      const confirmed = await call({ method: 'POST', url: '/api/white-ips', payload: { address: '10.0.0.0/8', comment: 'office', confirm: true } });
      assert.equal(confirmed.statusCode, 201);
      assert.equal(confirmed.json().data.created_by.email, TEST_ADMIN.email);
      // From now on this client is refused, on every call.
      const locked = await call({ method: 'GET', url: '/api/white-ips' });
      assert.equal(locked.statusCode, 403);
      assert.deepEqual(locked.json(), { code: 'IP_NOT_ALLOWED', message: 'Access from the address 127.0.0.1 is not allowed.', ip: '127.0.0.1' });
    });

    test('the recovery command turns enforcement off and keeps the entries', async () => {
      await reset();
      await call({ method: 'POST', url: '/api/white-ips', payload: { address: '10.0.0.0/8', confirm: true } });
      assert.equal((await call({ method: 'GET', url: '/api/auth/me' })).statusCode, 403);
      if (t.databaseUrl) {
        // The real command, from the shell, against the same PostgreSQL database; this instance notices within a second.
        const { stdout } = await run('pnpm', ['--silent', 'allowlist:disable'], { cwd: API_ROOT, env: { ...process.env, DATABASE_URL: t.databaseUrl } });
        assert.match(stdout, /enforcement is off \(1 entry kept\)/);
        await new Promise((resolve) => setTimeout(resolve, 1100));
      } else {
        // PGlite belongs to one process (the command runs with the server stopped): the same function, then a restart's reload.
        assert.equal(await disableAllowList({ connection: t.connection }), 1);
        await t.app.ipAllowList.reload();
      }
      const back = await list();
      assert.equal(back.meta.enforced, false);
      assert.deepEqual(back.data.map((e: { address: string }) => e.address), ['10.0.0.0/8']);
      // The next change turns enforcement on again, and the lock-out guard still protects the admin.
      const guarded = await call({ method: 'POST', url: '/api/white-ips', payload: { address: '192.0.2.0/24' } });
      assert.equal(guarded.statusCode, 409);
      const mine = await call({ method: 'POST', url: '/api/white-ips', payload: { address: '127.0.0.1', comment: 'this server' } });
      assert.equal(mine.statusCode, 201);
      assert.equal((await list()).meta.enforced, true);
    });

    test('IPv4, IPv6, CIDR and ::ffff:-mapped IPv4 clients are matched; the sign-in is refused too', async () => {
      await reset();
      for (const address of ['127.0.0.1', '203.0.113.0/24', '2001:db8::/32', '2001:db8:ffff::1']) {
        assert.equal((await call({ method: 'POST', url: '/api/white-ips', payload: { address } })).statusCode, 201, address);
      }
      const status = async (remoteAddress: string) => (await call({ method: 'GET', url: '/api/auth/me', remoteAddress })).statusCode;
      assert.equal(await status('203.0.113.200'), 200);
      assert.equal(await status('::ffff:203.0.113.5'), 200);
      assert.equal(await status('::ffff:127.0.0.1'), 200);
      assert.equal(await status('2001:db8:1234::9'), 200);
      assert.equal(await status('203.0.114.1'), 403);
      assert.equal(await status('::ffff:198.51.100.1'), 403);
      assert.equal(await status('2001:db9::1'), 403);

      const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '198.51.100.1', payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } });
      assert.equal(signIn.statusCode, 403);
      assert.equal(signIn.json().code, 'IP_NOT_ALLOWED');
      assert.equal(signIn.json().ip, '198.51.100.1');
      // Probes stay open, and so do the front-end files (the browser must be able to show the restriction page).
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.1' })).statusCode, 200);
      assert.notEqual((await t.app.inject({ method: 'GET', url: '/build/', remoteAddress: '198.51.100.1' })).statusCode, 403);
    });

    test('X-Forwarded-For from a peer that is not a trusted proxy is ignored', async () => {
      await reset();
      await call({ method: 'POST', url: '/api/white-ips', payload: { address: '127.0.0.1' } });
      const spoofed = await call({ method: 'GET', url: '/api/auth/me', remoteAddress: '198.51.100.9', headers: { ...admin, 'x-forwarded-for': '127.0.0.1' } });
      assert.equal(spoofed.statusCode, 403);
      assert.equal(spoofed.json().ip, '198.51.100.9');
    });

    test('removing or changing the entry that lets you in needs confirmation; a stale version is a 409', async () => {
      await reset();
      const mine = (await call({ method: 'POST', url: '/api/white-ips', payload: { address: '127.0.0.0/8', comment: 'local' } })).json().data;
      await call({ method: 'POST', url: '/api/white-ips', payload: { address: '10.0.0.0/8', confirm: true } });

      const move = await call({ method: 'PUT', url: `/api/white-ips/${mine.id}`, payload: { address: '192.168.0.0/16', version: mine.version } });
      assert.equal(move.statusCode, 409);
      assert.equal(move.json().code, 'IP_LOCKOUT');
      const comment = await call({ method: 'PUT', url: `/api/white-ips/${mine.id}`, payload: { comment: 'loopback', version: mine.version } });
      assert.equal(comment.statusCode, 200);
      assert.equal(comment.json().data.comment, 'loopback');
      const stale = await call({ method: 'PUT', url: `/api/white-ips/${mine.id}`, payload: { comment: 'again', version: mine.version } });
      assert.equal(stale.statusCode, 409);
      assert.equal(stale.json().code, 'CONFLICT');

      const remove = await call({ method: 'DELETE', url: `/api/white-ips/${mine.id}` });
      assert.equal(remove.statusCode, 409);
      assert.equal(remove.json().code, 'IP_LOCKOUT');
      assert.equal((await call({ method: 'DELETE', url: `/api/white-ips/${mine.id}?confirm=true` })).statusCode, 200);
      assert.equal((await call({ method: 'GET', url: '/api/white-ips' })).statusCode, 403);
    });

    test('the same address twice is a 422 on address; unknown ids 404', async () => {
      await reset();
      await call({ method: 'POST', url: '/api/white-ips', payload: { address: '127.0.0.1' } });
      const twice = await call({ method: 'POST', url: '/api/white-ips', payload: { address: ' 127.0.0.1 ' } });
      assert.equal(twice.statusCode, 422);
      assert.deepEqual(twice.json().errors, { address: ['This address or range is already on the list'] });
      assert.equal((await call({ method: 'PUT', url: '/api/white-ips/999999', payload: { comment: 'x', version: 1 } })).statusCode, 404);
      assert.equal((await call({ method: 'DELETE', url: '/api/white-ips/999999' })).statusCode, 404);
    });

    test('only manage all: a Manager gets 403, a visitor 401', async () => {
      await reset();
      await createUser(t, { email: 'manager-ip@test.local', role: 'Manager' });
      const manager = bearer(await t.login('manager-ip@test.local', TEST_PASSWORD));
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/white-ips', headers: manager })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/white-ips', headers: manager, payload: { address: '127.0.0.1' } })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/white-ips' })).statusCode, 401);
    });

    if (driver === 'postgres') {
      test('a change on one instance applies on another within a second', async () => {
        await reset();
        const other = await buildTestApp({ sameDatabaseAs: t });
        try {
          const me = () => other.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin, remoteAddress: '198.51.100.1' });
          assert.equal((await me()).statusCode, 200);
          await call({ method: 'POST', url: '/api/white-ips', payload: { address: '127.0.0.1' } });
          await new Promise((resolve) => setTimeout(resolve, 1100));
          assert.equal((await me()).statusCode, 403);
        } finally {
          await other.close();
        }
      });
    }
  });

  describe(`IP allow-list behind trusted proxies (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    const PROXY = '192.0.2.1';
    before(async () => {
      t = await buildTestApp({ driver, env: { TRUSTED_PROXIES: `${PROXY}, 2001:db8:beef::/48` } });
      admin = bearer(await t.login());
    });
    after(() => t.close());

    const via = (remoteAddress: string, forwardedFor: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', remoteAddress, headers: { ...admin, 'x-forwarded-for': forwardedFor } });

    test('X-Forwarded-For from a trusted proxy names the client; from anyone else it is ignored', async () => {
      const add = await t.app.inject({
        method: 'POST',
        url: '/api/white-ips',
        remoteAddress: PROXY,
        headers: { ...admin, 'x-forwarded-for': '203.0.113.9' },
        payload: { address: '203.0.113.0/24' },
      });
      // The caller is 203.0.113.9 (through the proxy), inside the new range: no lock-out question.
      assert.equal(add.statusCode, 201, add.body);
      assert.equal((await via(PROXY, '203.0.113.9')).statusCode, 200);
      assert.equal((await via('2001:db8:beef::7', '203.0.113.10')).statusCode, 200);
      const outside = await via(PROXY, '198.51.100.1');
      assert.equal(outside.statusCode, 403);
      assert.equal(outside.json().ip, '198.51.100.1');
      const spoofed = await via('192.0.2.99', '203.0.113.9');
      assert.equal(spoofed.statusCode, 403);
      assert.equal(spoofed.json().ip, '192.0.2.99');
    });
  });
}
