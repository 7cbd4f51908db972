import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AuditEntry } from '@crm/shared/schemas';
import { bearer, buildTestApp, TEST_ADMIN, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, createUser, leadInput, TEST_PASSWORD } from '../../test/fixtures';

for (const driver of testDrivers()) {
  describe(`audit log (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let adminId: number;
    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      adminId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin })).json().userData.id;
    });
    after(() => t.close());

    async function entries(query = ''): Promise<{ data: AuditEntry[]; meta: { total: number; last_page: number } }> {
      const response = await t.app.inject({ method: 'GET', url: `/api/audit-log${query}`, headers: admin, remoteAddress: '127.0.0.1' });
      assert.equal(response.statusCode, 200, response.body);
      return response.json();
    }
    const latest = async (action: string) => (await entries(`?action=${action}`)).data[0];

    test('sign-ins and failed sign-ins: who, from which address', async () => {
      const ok = await latest('auth.sign_in');
      assert.equal(ok.actor.id, adminId);
      assert.equal(ok.actor.email, TEST_ADMIN.email);
      // The user's full name as written (the seed's "Administrator"), never glued to the first name ("Admin Administrator").
      assert.equal(ok.actor.name, 'Administrator');
      assert.equal(ok.ip, '127.0.0.1');

      const failed = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '203.0.113.4', payload: { email: 'nobody@test.local', password: 'wrong-password' } });
      assert.equal(failed.statusCode, 422);
      const entry = await latest('auth.sign_in_failed');
      assert.deepEqual(
        { actor: entry.actor, ip: entry.ip, after: entry.after },
        { actor: { id: null, email: 'nobody@test.local', name: null }, ip: '203.0.113.4', after: { reason: 'invalid_credentials' } },
      );
    });

    test('password reset requests and resets', async () => {
      const user = await createUser(t, { email: 'audit-reset@test.local', role: 'Operator' });
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
      assert.equal((await latest('auth.password_reset_requested')).actor.email, user.email);
      await t.app.jobs.idle();
      const mail = t.logs.filter((line) => (line.mail as { to?: string } | undefined)?.to === user.email).at(-1)!.mail as { text: string };
      const token = new URL(/http\S+/.exec(mail.text)![0]).searchParams.get('token')!;
      const payload = { email: user.email, token, password: 'brand-new-password', password_confirmation: 'brand-new-password' };
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload })).statusCode, 200);
      const entry = await latest('auth.password_reset');
      assert.equal(entry.actor.id, user.id);
      assert.equal(entry.subject_id, String(user.id));
    });

    test('comment step changes with before and after', async () => {
      const step = (await t.app.inject({ method: 'POST', url: '/api/comment-steps', headers: admin, payload: { name: 'Аудит', color: '#28C76F' } })).json().data;
      await t.app.inject({ method: 'PATCH', url: `/api/comment-steps/${step.id}`, headers: admin, payload: { color: '#EA5455' } });
      await t.app.inject({ method: 'DELETE', url: `/api/comment-steps/${step.id}`, headers: admin });
      const created = await latest('comment_step.create');
      assert.deepEqual(created.after, { name: 'Аудит', color: '#28C76F', position: step.position, archived: false });
      const updated = await latest('comment_step.update');
      assert.equal((updated.before as { color: string }).color, '#28C76F');
      assert.equal((updated.after as { color: string }).color, '#EA5455');
      assert.equal(updated.actor.id, adminId);
      assert.equal(updated.actor.email, TEST_ADMIN.email);
      const deleted = await latest('comment_step.delete');
      assert.equal(deleted.subject_id, String(step.id));
      assert.equal((deleted.before as { name: string }).name, 'Аудит');
    });

    test('IP list changes', async () => {
      const entry = (await t.app.inject({ method: 'POST', url: '/api/white-ips', headers: admin, payload: { address: '127.0.0.1', comment: 'me' } })).json().data;
      await t.app.inject({ method: 'PUT', url: `/api/white-ips/${entry.id}`, headers: admin, payload: { comment: 'this machine', version: entry.version } });
      await t.app.inject({ method: 'DELETE', url: `/api/white-ips/${entry.id}`, headers: admin });
      assert.deepEqual((await latest('white_ip.create')).after, { address: '127.0.0.1', comment: 'me' });
      const updated = await latest('white_ip.update');
      assert.deepEqual([updated.before, updated.after], [{ address: '127.0.0.1', comment: 'me' }, { address: '127.0.0.1', comment: 'this machine' }]);
      assert.deepEqual((await latest('white_ip.delete')).before, { address: '127.0.0.1', comment: 'this machine' });
    });

    test('lead deletions keep what was deleted', async () => {
      const statusId = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data[0].id;
      const lead = await createLeadVia(t, admin, leadInput(statusId, { surname: 'Удаляемый' }));
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/leads/${lead.id}`, headers: admin })).statusCode, 200);
      const entry = await latest('lead.delete');
      assert.equal(entry.subject_type, 'lead');
      assert.equal(entry.subject_id, String(lead.id));
      assert.equal((entry.before as { surname: string }).surname, 'Удаляемый');

      const bulk = await createLeadVia(t, admin, leadInput(statusId));
      await t.app.inject({ method: 'POST', url: '/api/leads/bulk', headers: admin, payload: { action: 'delete', ids: [bulk.id] } });
      assert.equal((await latest('lead.delete')).subject_id, String(bulk.id));
    });

    test('filters by actor, action and date range, newest first, paginated', async () => {
      const all = await entries('?per_page=5');
      assert.equal(all.data.length, 5);
      assert.ok(all.meta.total > 5);
      const times = all.data.map((e) => e.created_at);
      assert.deepEqual(times, [...times].sort().reverse());
      const page2 = await entries('?per_page=5&page=2');
      assert.notEqual(page2.data[0].id, all.data[0].id);

      const mine = await entries(`?actor_id=${adminId}&per_page=100`);
      assert.ok(mine.data.length > 0 && mine.data.every((e) => e.actor.id === adminId));
      const failures = await entries('?action=auth.sign_in_failed');
      assert.ok(failures.data.every((e) => e.action === 'auth.sign_in_failed'));

      const today = new Date().toISOString().slice(0, 10);
      assert.equal((await entries(`?from=${today}&to=${today}`)).meta.total, all.meta.total);
      assert.equal((await entries('?to=2000-01-01')).meta.total, 0);
      assert.equal((await entries('?from=2999-01-01')).meta.total, 0);
    });

    test('bad filters are 422 per field', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/audit-log?action=nope&from=yesterday&actor_id=abc&per_page=7', headers: admin });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(Object.keys(response.json().errors).sort(), ['action', 'actor_id', 'from', 'per_page']);
    });

    test('view audit: a Manager gets 403, a visitor 401', async () => {
      await createUser(t, { email: 'audit-manager@test.local', role: 'Manager' });
      const manager = bearer(await t.login('audit-manager@test.local', TEST_PASSWORD));
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/audit-log', headers: manager })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/audit-log' })).statusCode, 401);
    });
  });
}
