import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { AbilityRule } from '@crm/shared/schemas';
import { apiKeys } from '../../db/schema/api-keys';
import { auditLog } from '../../db/schema/audit-log';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import { hashToken } from '../../lib/tokens';
import { API_KEY_REFUSED } from '../../plugins/auth';
import { API_KEY_NOT_FOUND, SCOPE_API_KEYS, SCOPE_NOT_HELD } from '../../services/api-key-service';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, createRole, createUser, leadInput } from '../../test/fixtures';

/** Low, so the limit test is quick; every other test uses each key fewer times than this. */
const RATE_LIMIT = 8;

for (const driver of testDrivers()) {
  describe(`API keys (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let manager: Record<string, string>;
    let managerId: number;
    let statusId: number;

    const createKey = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/me/api-keys', headers, payload });
    /** A key of the caller with exactly these scopes; answers the secret. */
    const keyWith = async (headers: Record<string, string>, scopes: AbilityRule[], name = 'Интеграция') => {
      const r = await createKey(headers, { name, expires_in_days: 30, scopes });
      assert.equal(r.statusCode, 201, r.body);
      return r.json().data as { id: number; key: string; prefix: string; name: string };
    };
    const get = (url: string, key: string) => t.app.inject({ method: 'GET', url, headers: bearer(key) });
    /** The per-call audit row is written after the answer is sent: wait for it. */
    async function requestRows(name: string, count: number) {
      for (let i = 0; i < 100; i += 1) {
        const rows = await t.app.db.select().from(auditLog).where(and(eq(auditLog.action, 'api_key.request'), eq(auditLog.apiKey, name))).orderBy(auditLog.id);
        if (rows.length >= count) return rows;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.fail(`fewer than ${count} api_key.request rows for ${name}`);
    }

    before(async () => {
      t = await buildTestApp({ driver, config: { apiKeys: { rateLimitPerMinute: RATE_LIMIT } } });
      admin = bearer(await t.login());
      const m = await createUser(t, { email: 'keys-manager@test.local', role: 'Manager', name: 'Мария Ключева' });
      managerId = m.id;
      manager = bearer(await m.token());
      statusId = (await t.app.leadStatusRepository.create({ name: 'Ключи', color: '#0D9394' })).id;
    });
    after(() => t.close());

    test('a key is shown once, stored hashed, listed with its prefix, and revoked by its owner only', async () => {
      const created = await createKey(manager, { name: '  Телефония ', expires_in_days: 90, scopes: [{ action: 'view', subject: 'lead' }, { action: 'view', subject: 'lead' }] });
      assert.equal(created.statusCode, 201, created.body);
      const key = created.json().data;
      assert.match(key.key, /^crm_[0-9A-Za-z]{43}$/);
      assert.equal(key.prefix, key.key.slice(0, 12));
      assert.equal(key.name, 'Телефония');
      assert.deepEqual(key.scopes, [{ action: 'view', subject: 'lead' }]);
      const days = (Date.parse(key.expires_at) - Date.now()) / 86_400_000;
      assert.ok(days > 89.9 && days <= 90, String(days));

      const [stored] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
      assert.equal(stored.keyHash, hashToken(key.key));
      assert.ok(!JSON.stringify(stored).includes(key.key), 'the key itself is not stored');

      const list = await t.app.inject({ method: 'GET', url: '/api/me/api-keys', headers: manager });
      assert.equal(list.statusCode, 200);
      const listed = list.json().data.find((k: { id: number }) => k.id === key.id);
      assert.deepEqual(Object.keys(listed).sort(), ['created_at', 'expires_at', 'id', 'last_used_at', 'last_used_ip', 'name', 'prefix', 'scopes']);
      assert.ok(!list.body.includes(key.key));
      // Another user's list does not show it, and they cannot revoke it.
      assert.ok(!(await t.app.inject({ method: 'GET', url: '/api/me/api-keys', headers: admin })).json().data.some((k: { id: number }) => k.id === key.id));
      const foreign = await t.app.inject({ method: 'DELETE', url: `/api/me/api-keys/${key.id}`, headers: admin });
      assert.equal(foreign.statusCode, 404);
      assert.equal(foreign.json().message, API_KEY_NOT_FOUND);

      // Used once: last use time and address are listed.
      assert.equal((await get('/api/leads', key.key)).statusCode, 200);
      const used = (await t.app.inject({ method: 'GET', url: '/api/me/api-keys', headers: manager })).json().data.find((k: { id: number }) => k.id === key.id);
      assert.equal(used.last_used_ip, '127.0.0.1');
      assert.ok(Date.now() - Date.parse(used.last_used_at) < 60_000);

      const revoked = await t.app.inject({ method: 'DELETE', url: `/api/me/api-keys/${key.id}`, headers: manager });
      assert.equal(revoked.statusCode, 200);
      const refused = await get('/api/leads', key.key);
      assert.equal(refused.statusCode, 401);
      assert.equal(refused.json().code, 'UNAUTHENTICATED');
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/me/api-keys/${key.id}`, headers: manager })).statusCode, 404);
      assert.ok(!(await t.app.inject({ method: 'GET', url: '/api/me/api-keys', headers: manager })).json().data.some((k: { id: number }) => k.id === key.id));
      assert.equal((await t.app.inject({ method: 'DELETE', url: '/api/me/api-keys/abc', headers: manager })).statusCode, 422);

      const audited = await t.app.db.select().from(auditLog).where(and(eq(auditLog.subjectType, 'api_key'), eq(auditLog.subjectId, String(key.id)))).orderBy(auditLog.id);
      assert.deepEqual(audited.filter((r) => r.action !== 'api_key.request').map((r) => r.action), ['api_key.create', 'api_key.revoke']);
      assert.ok(!JSON.stringify(audited).includes(key.key), 'the audit log never holds the key');
    });

    test('401 without a token, 403 without manage api-keys, 422 by field; nobody grants a scope they do not hold', async () => {
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/me/api-keys' })).statusCode, 401);
      assert.equal((await createKey({}, { name: 'x', expires_in_days: 1, scopes: [{ action: 'view', subject: 'lead' }] })).statusCode, 401);
      const operator = bearer(await (await createUser(t, { email: 'keys-operator@test.local', role: 'Operator' })).token());
      const forbidden = await createKey(operator, { name: 'x', expires_in_days: 1, scopes: [{ action: 'view', subject: 'lead' }] });
      assert.equal(forbidden.statusCode, 403);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/me/api-keys', headers: operator })).statusCode, 403);

      const bad = await createKey(manager, { name: ' ', expires_in_days: 366, scopes: [] });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(Object.keys(bad.json().errors).sort(), ['expires_in_days', 'name', 'scopes']);
      assert.deepEqual(Object.keys((await createKey(manager, { name: 'x', expires_in_days: 0, scopes: [{ action: 'view', subject: 'lead' }] })).json().errors), ['expires_in_days']);
      assert.deepEqual(Object.keys((await createKey(manager, { name: 'x', expires_in_days: 1, scopes: [{ action: 'fly', subject: 'lead' }] })).json().errors), ['scopes.0.action']);

      // A Manager holds view lead but neither manage users nor manage all.
      const beyond = await createKey(manager, {
        name: 'Больше, чем у меня',
        expires_in_days: 30,
        scopes: [{ action: 'view', subject: 'lead' }, { action: 'manage', subject: 'users' }, { action: 'manage', subject: 'all' }, { action: 'manage', subject: 'api-keys' }],
      });
      assert.equal(beyond.statusCode, 422);
      assert.deepEqual(beyond.json().errors, { 'scopes.1': [SCOPE_NOT_HELD], 'scopes.2': [SCOPE_NOT_HELD], 'scopes.3': [SCOPE_API_KEYS] });
      assert.equal((await t.app.db.select().from(apiKeys).where(eq(apiKeys.name, 'Больше, чем у меня'))).length, 0);
    });

    test('a key works as a bearer within its scopes only, and never on account routes', async () => {
      const { key, name } = await keyWith(manager, [{ action: 'view', subject: 'lead' }], 'Только чтение');
      assert.equal((await get('/api/leads', key)).statusCode, 200);
      const me = await get('/api/auth/me', key);
      assert.equal(me.statusCode, 200);
      assert.deepEqual(me.json().userAbilityRules, [{ action: 'view', subject: 'lead' }]);
      assert.equal(me.json().userData.id, managerId);
      // The owner may create leads; the key may not.
      const create = await t.app.inject({ method: 'POST', url: '/api/leads', headers: bearer(key), payload: leadInput(statusId) });
      assert.equal(create.statusCode, 403);
      assert.equal(create.json().code, 'FORBIDDEN');
      for (const [method, url] of [['GET', '/api/me/sessions'], ['GET', '/api/me/api-keys'], ['POST', '/api/auth/logout'], ['GET', '/api/notifications']] as const) {
        const r = await t.app.inject({ method, url, headers: bearer(key) });
        assert.equal(r.statusCode, 403, `${method} ${url}: ${r.body}`);
        assert.equal(r.json().message, API_KEY_REFUSED);
      }
      // Not even a key scoped to everything manages keys.
      const { key: everything } = await keyWith(admin, [{ action: 'manage', subject: 'all' }], 'Всё');
      const mint = await createKey(bearer(everything), { name: 'Из ключа', expires_in_days: 365, scopes: [{ action: 'manage', subject: 'all' }] });
      assert.equal(mint.statusCode, 403);
      assert.equal(mint.json().message, API_KEY_REFUSED);
      assert.equal((await get('/api/users', everything)).statusCode, 200);

      const rows = await requestRows(name, 7);
      // Each row is written after its answer is sent, so two close requests may land in either order.
      const byRoute = (a: unknown[], b: unknown[]) => `${a[1]} ${a[0]}`.localeCompare(`${b[1]} ${b[0]}`);
      assert.deepEqual(
        rows.map((r) => [(r.after as { method: string }).method, (r.after as { route: string }).route, (r.after as { status: number }).status]).sort(byRoute),
        [
          ['GET', '/api/leads', 200],
          ['GET', '/api/auth/me', 200],
          ['POST', '/api/leads', 403],
          ['GET', '/api/me/sessions', 403],
          ['GET', '/api/me/api-keys', 403],
          ['POST', '/api/auth/logout', 403],
          ['GET', '/api/notifications', 403],
        ].sort(byRoute),
      );
      assert.ok(rows.every((r) => r.actorId === managerId && r.ip === '127.0.0.1'));
    });

    test("writes made with a key carry its name in their audit rows; the audit log shows it; the route's pattern, never the raw URL", async () => {
      const { key, name } = await keyWith(manager, [{ action: 'view', subject: 'lead' }, { action: 'create', subject: 'lead' }, { action: 'delete', subject: 'lead' }], 'Чистильщик');
      const lead = await createLeadVia(t, bearer(key), leadInput(statusId, { users: [managerId] }));
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/leads/${lead.id}?secret=1`, headers: bearer(key) });
      assert.equal(removed.statusCode, 200, removed.body);
      const [deleted] = await t.app.db.select().from(auditLog).where(and(eq(auditLog.action, 'lead.delete'), eq(auditLog.subjectId, String(lead.id))));
      assert.equal(deleted.apiKey, name);
      assert.equal(deleted.actorId, managerId);
      const rows = await requestRows(name, 2);
      assert.deepEqual(rows.map((r) => (r.after as { route: string }).route), ['/api/leads', '/api/leads/:id']);

      const log = await t.app.inject({ method: 'GET', url: '/api/audit-log?action=lead.delete', headers: admin });
      const entry = log.json().data.find((e: { subject_id: string }) => e.subject_id === String(lead.id));
      assert.equal(entry.api_key, name);
      // A change made in a session carries none.
      const session = await createLeadVia(t, manager, leadInput(statusId, { users: [managerId] }));
      await t.app.inject({ method: 'DELETE', url: `/api/leads/${session.id}`, headers: manager });
      const [plain] = await t.app.db.select().from(auditLog).where(and(eq(auditLog.action, 'lead.delete'), eq(auditLog.subjectId, String(session.id))));
      assert.equal(plain.apiKey, null);
    });

    test("the owner's lead scope applies: an own-scope owner's key gets 404 on others' leads", async () => {
      await createRole(t, 'Оператор с ключами', [{ action: 'view', subject: 'lead' }, { action: 'manage', subject: 'api-keys' }], 'own');
      const owner = await createUser(t, { email: 'keys-own@test.local', role: 'Оператор с ключами' });
      const { key } = await keyWith(bearer(await owner.token()), [{ action: 'view', subject: 'lead' }]);
      const mine = await createLeadVia(t, admin, leadInput(statusId, { users: [owner.id] }));
      const others = await createLeadVia(t, admin, leadInput(statusId, { users: [managerId] }));
      assert.equal((await get(`/api/leads/${mine.id}`, key)).statusCode, 200);
      assert.equal((await get(`/api/leads/${others.id}`, key)).statusCode, 404);
      const list = (await get('/api/leads?per_page=100', key)).json().data as { id: number }[];
      assert.ok(list.some((l) => l.id === mine.id) && !list.some((l) => l.id === others.id));
    });

    test('the owner losing an ability takes it from the key; a deactivated owner, an owner without manage api-keys or an expired key gets 401', async () => {
      await createRole(t, 'Читатель документов', [{ action: 'view', subject: 'lead' }, { action: 'view', subject: 'document' }, { action: 'manage', subject: 'api-keys' }], 'all');
      await createRole(t, 'Без документов', [{ action: 'view', subject: 'lead' }, { action: 'manage', subject: 'api-keys' }], 'all');
      const owner = await createUser(t, { email: 'keys-shrinking@test.local', role: 'Читатель документов' });
      const { key } = await keyWith(bearer(await owner.token()), [{ action: 'view', subject: 'document' }, { action: 'view', subject: 'lead' }]);
      assert.equal((await get('/api/document', key)).statusCode, 200);
      const [narrower] = await t.app.db.select().from(roles).where(eq(roles.name, 'Без документов'));
      await t.app.db.update(users).set({ roleId: narrower.id }).where(eq(users.id, owner.id));
      assert.equal((await get('/api/document', key)).statusCode, 403);
      assert.deepEqual((await get('/api/auth/me', key)).json().userAbilityRules, [{ action: 'view', subject: 'lead' }]);

      await t.app.userRepository.setActive(owner.id, false);
      assert.equal((await get('/api/leads', key)).statusCode, 401);
      await t.app.userRepository.setActive(owner.id, true);
      assert.equal((await get('/api/leads', key)).statusCode, 200);

      // Taking manage api-keys from the owner's role stops the key; giving it back restores it.
      await createRole(t, 'Без ключей', [{ action: 'view', subject: 'lead' }], 'all');
      const [keyless] = await t.app.db.select().from(roles).where(eq(roles.name, 'Без ключей'));
      await t.app.db.update(users).set({ roleId: keyless.id }).where(eq(users.id, owner.id));
      assert.equal((await get('/api/leads', key)).statusCode, 401);
      await t.app.db.update(users).set({ roleId: narrower.id }).where(eq(users.id, owner.id));
      assert.equal((await get('/api/leads', key)).statusCode, 200);

      await t.app.db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.keyHash, hashToken(key)));
      assert.equal((await get('/api/leads', key)).statusCode, 401);
      // An expired key leaves its owner's list.
      const listed = (await t.app.inject({ method: 'GET', url: '/api/me/api-keys', headers: bearer(await owner.token()) })).json().data;
      assert.deepEqual(listed, []);
    });

    test('each key has its own rate limit: past it, 429 JSON with Retry-After; another key is unaffected', async () => {
      const { key } = await keyWith(manager, [{ action: 'view', subject: 'lead-status' }], 'Болтливый');
      const { key: other } = await keyWith(manager, [{ action: 'view', subject: 'lead-status' }], 'Спокойный');
      for (let i = 0; i < RATE_LIMIT; i += 1) assert.equal((await get('/api/lead-status', key)).statusCode, 200);
      const limited = await get('/api/lead-status', key);
      assert.equal(limited.statusCode, 429);
      assert.equal(limited.json().code, 'RATE_LIMITED');
      assert.ok(Number(limited.headers['retry-after']) > 0);
      assert.equal((await get('/api/lead-status', other)).statusCode, 200);
      // The session of the same owner is not counted with the key.
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: manager })).statusCode, 200);
      assert.equal((await get('/api/lead-status', 'crm_unknownkey')).statusCode, 401);
    });
  });
}
