import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { AbilityAction, AbilityRule, AbilitySubject } from '@crm/shared/schemas';
import { ADMIN_ROLE, PERMISSION_RULES, roleIdsByName } from './db/seed';
import { type Access, accessOf, AUTHORIZATION_MATRIX, ESCALATION_CASES, type EscalationFixtures, type ScopeFixtures } from './test/authorization-matrix';
import { bearer, buildTestApp, type TestApp, testDrivers } from './test/build-test-app';
import { createRole, createUser, nextPhone } from './test/fixtures';
import { API_KEY_REFUSED } from './plugins/auth';
import { drawApiKey } from './services/api-key-service';
import { type FuzzRoute, routeRecorder } from './test/route-fuzz/routes';

/**
 * Issue 10: every route of the table Fastify builds × every kind of caller, each with the answer it must get. The
 * expected answers come from AUTHORIZATION_MATRIX (one line per route); a route without a line fails here.
 *
 * Callers: no token · a revoked token · a deactivated user's token · a role lacking the ability · a role holding
 * only it · and, for routes naming one lead, that role asking for a lead outside its ("own") lead scope.
 *
 * API keys (docs/decisions/072): a deactivated owner's key gets 401 everywhere; on an ability route, a key of an
 * all-powerful owner scoped to everything but the route's pairs gets 403 and one scoped to exactly a pair passes (an
 * own-scope owner's key gets 404 outside that scope); signed-in routes refuse keys unless the matrix says otherwise.
 */
/** An id no row has: routes that do not name a lead get it, so the "with" request changes nothing. */
const ABSENT_ID = 2_000_000_000;
/** METRICS_TOKEN of the app under test: only its bearer may read GET /metrics. */
const METRICS_TOKEN = 'matrix-metrics-token-0123456789abcdef';

type Caller = 'no token' | 'revoked token' | 'deactivated user' | 'without ability' | 'with ability' | 'outside lead scope' | 'api key';

const grants = (rule: AbilityRule, [action, subject]: [AbilityAction, AbilitySubject]) =>
  (rule.action === action || rule.action === 'manage') && (rule.subject === subject || rule.subject === 'all');

for (const driver of testDrivers()) {
  describe(`authorization matrix (${driver})`, () => {
    const recorder = routeRecorder();
    let t: TestApp;
    let tempDir: string;
    let adminId: number;
    let revokedToken: string;
    let deactivatedToken: string;
    let deactivatedKey: string;
    let statusId: number;
    let stepId: number;
    const counts = new Map<Caller, number>();
    const roleUsers = new Map<string, number>();
    let roleSerial = 0;

    before(async () => {
      tempDir = mkdtempSync(path.join(os.tmpdir(), 'crm-matrix-'));
      for (const dist of ['host', 'remote-leads', 'remote-documents', 'remote-admin']) {
        mkdirSync(path.join(tempDir, 'web', dist, 'dist'), { recursive: true });
        writeFileSync(path.join(tempDir, 'web', dist, 'dist', 'index.html'), '<!doctype html><title>CRM</title>');
      }
      t = await buildTestApp({
        driver,
        // Each matrix key calls many routes within a minute: its own limit is tested in api-key-routes.test.ts.
        env: { DATA_DIR: path.join(tempDir, 'data'), API_DOCS: 'public', METRICS_TOKEN, API_KEY_RATE_LIMIT: '100000' },
        config: { webDistRoot: path.join(tempDir, 'web') },
        onRoute: recorder.onRoute,
      });
      const admin = bearer(await t.login());
      adminId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin })).json().userData.id;

      revokedToken = await t.app.authRepository.createAccessToken(adminId, 1);
      const revoked = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(revokedToken) });
      assert.equal(revoked.statusCode, 200);

      // A full-access user, deactivated; the token is issued afterwards, as if one had slipped through.
      const deactivated = await createUser(t, { email: 'deactivated@test.local', role: 'Admin' });
      await t.app.userRepository.setActive(deactivated.id, false);
      deactivatedToken = await t.app.authRepository.createAccessToken(deactivated.id, 1);
      deactivatedKey = await keyOf(deactivated.id, [{ action: 'manage', subject: 'all' }]);

      statusId = (await t.app.leadStatusRepository.create({ name: 'Матрица', color: '#0D9394' })).id;
      stepId = (await t.app.commentStepRepository.create({ name: 'Матрица' })).id;
    });

    after(async () => {
      await t?.close();
      rmSync(tempDir, { recursive: true, force: true });
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      console.log(
        `authorization matrix (${driver}): ${recorder.routes.length} routes, ${total} requests (` +
          [...counts].map(([caller, n]) => `${n} ${caller}`).join(', ') +
          ')',
      );
    });

    /** A user (lead scope "own") whose role holds exactly `rules`; one per distinct set. */
    async function userWith(rules: AbilityRule[]): Promise<number> {
      const key = rules.map((r) => `${r.action} ${r.subject}`).sort().join(',');
      let id = roleUsers.get(key);
      if (id === undefined) {
        roleSerial += 1;
        const name = `Matrix role ${roleSerial}`;
        await createRole(t, name, rules, 'own');
        id = (await createUser(t, { email: `matrix${roleSerial}@test.local`, role: name })).id;
        roleUsers.set(key, id);
      }
      return id;
    }

    const tokenOf = (userId: number) => t.app.authRepository.createAccessToken(userId, 1);

    const keys = new Map<string, string>();
    /** An API key of this user with exactly these scopes, stored as the service would; one per distinct pair. */
    async function keyOf(userId: number, scopes: AbilityRule[]): Promise<string> {
      const id = `${userId}:${scopes.map((r) => `${r.action} ${r.subject}`).sort().join(',')}`;
      let key = keys.get(id);
      if (key === undefined) {
        key = drawApiKey();
        await t.app.apiKeyRepository.create({ userId, name: `Matrix key ${keys.size + 1}`, key, scopes, expiresAt: new Date(Date.now() + 3_600_000) });
        keys.set(id, key);
      }
      return key;
    }
    /** A key's refusal on a route it may never call. */
    const assertKeyRefused = (r: { statusCode: number; body: string }, method: string) => {
      assert.equal(r.statusCode, 403, `api key: ${describeAnswer(r)}`);
      if (method !== 'HEAD') assert.equal(JSON.parse(r.body).message, API_KEY_REFUSED);
    };

    function urlOf(route: FuzzRoute, ids: { id?: number; commentId?: number; userId?: number }) {
      return route.url
        .replace(':remote', 'remote-leads')
        .replace(':name', 'absent.png')
        .replace(':commentId', String(ids.commentId ?? ABSENT_ID))
        .replace(':userId', String(ids.userId ?? ABSENT_ID))
        .replace(':id', String(ids.id ?? ABSENT_ID))
        .replace('*', 'absent.js');
    }

    async function send(caller: Caller, route: FuzzRoute, url: string, token?: string, payload?: unknown) {
      counts.set(caller, (counts.get(caller) ?? 0) + 1);
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: token ? bearer(token) : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return response;
    }

    const describeAnswer = (r: { statusCode: number; body: string }) => `${r.statusCode} ${r.body.slice(0, 200)}`;

    /** Passed the door: neither 401 nor 403, and no 5xx (what follows depends on the request). */
    const assertAdmitted = (caller: string, r: { statusCode: number; body: string }) => {
      assert.ok(r.statusCode !== 401 && r.statusCode !== 403 && r.statusCode < 500, `${caller}: ${describeAnswer(r)}`);
    };

    async function check(route: FuzzRoute, access: Access) {
      const plainUrl = urlOf(route, {});
      if (access.kind === 'signed') {
        const admin = await tokenOf(await userWith(PERMISSION_RULES));
        const adminKey = await keyOf(adminId, PERMISSION_RULES);
        for (const [caller, token] of [['no token', undefined], ['with ability', admin], ['api key', adminKey]] as const) {
          const r = await send(caller, route, plainUrl, token);
          assert.ok(r.statusCode === 401 || r.statusCode === 403, `${caller} without a signature: ${describeAnswer(r)}`);
        }
        return;
      }
      if (access.kind === 'metrics-token') {
        const admin = await tokenOf(await userWith(PERMISSION_RULES));
        const adminKey = await keyOf(adminId, PERMISSION_RULES);
        for (const [caller, token] of [['no token', undefined], ['revoked token', revokedToken], ['with ability', admin], ['api key', adminKey]] as const) {
          const r = await send(caller, route, plainUrl, token);
          assert.equal(r.statusCode, 401, `${caller}: ${describeAnswer(r)}`);
        }
        assertAdmitted('with ability', await send('with ability', route, plainUrl, METRICS_TOKEN));
        return;
      }
      if (access.kind === 'public') {
        assertAdmitted('no token', await send('no token', route, plainUrl));
        assertAdmitted('revoked token', await send('revoked token', route, plainUrl, revokedToken));
        assertAdmitted('api key', await send('api key', route, plainUrl, await keyOf(adminId, PERMISSION_RULES)));
        return;
      }

      for (const [caller, token] of [
        ['no token', undefined],
        ['revoked token', revokedToken],
        ['deactivated user', deactivatedToken],
        ['deactivated user', deactivatedKey],
      ] as const) {
        const r = await send(caller, route, plainUrl, token);
        assert.equal(r.statusCode, 401, `${caller}: ${describeAnswer(r)}`);
        if (route.method !== 'HEAD') assert.equal(r.json().code, 'UNAUTHENTICATED');
      }

      if (access.kind === 'signed-in') {
        const nobody = await userWith([]);
        assertAdmitted('with no ability at all', await send('with ability', route, plainUrl, await tokenOf(nobody)));
        // Scoped to everything, the key's owner holding everything: only the route decides.
        const keyed = await send('api key', route, plainUrl, await keyOf(adminId, PERMISSION_RULES));
        if (access.apiKeys) assertAdmitted('api key', keyed);
        else assertKeyRefused(keyed, route.method);
        return;
      }

      if (access.kind === 'abilities') {
        // Every rule but one of the pairs, for each pair: refused; all the pairs: admitted.
        for (const pair of access.pairs) {
          const lacking = await send('without ability', route, plainUrl, await tokenOf(await userWith(PERMISSION_RULES.filter((rule) => !grants(rule, pair)))));
          assert.equal(lacking.statusCode, 403, `without ${pair.join(' ')}: ${describeAnswer(lacking)}`);
        }
        const rules = access.pairs.map(([action, subject]) => ({ action, subject }));
        assertAdmitted(`with ${access.pairs.map((pair) => pair.join(' ')).join(' and ')}`, await send('with ability', route, plainUrl, await tokenOf(await userWith(rules))));
        // The all-powerful admin's keys: scoped to all the pairs but one, refused; scoped to every pair, admitted.
        for (const pair of access.pairs) {
          const narrow = await send('api key', route, plainUrl, await keyOf(adminId, rules.filter((rule) => !grants(rule, pair))));
          assert.equal(narrow.statusCode, 403, `api key without ${pair.join(' ')}: ${describeAnswer(narrow)}`);
        }
        assertAdmitted('api key scoped to every pair', await send('api key', route, plainUrl, await keyOf(adminId, rules)));
        return;
      }

      const without = PERMISSION_RULES.filter((rule) => !access.pairs.some((pair) => grants(rule, pair)));
      const lacking = await send('without ability', route, plainUrl, await tokenOf(await userWith(without)));
      assert.equal(lacking.statusCode, 403, `without ability: ${describeAnswer(lacking)}`);
      if (route.method !== 'HEAD') assert.deepEqual(lacking.json(), { message: 'This action is unauthorized.', code: 'FORBIDDEN' });
      // A key of the all-powerful admin, scoped to everything but the route's pairs: the scopes refuse it.
      const narrowKey = await send('api key', route, plainUrl, await keyOf(adminId, without));
      assert.equal(narrowKey.statusCode, 403, `api key without the scope: ${describeAnswer(narrowKey)}`);

      for (const [action, subject] of access.pairs) {
        const userId = await userWith([{ action, subject }]);
        const exactKey = await send('api key', route, plainUrl, await keyOf(adminId, [{ action, subject }]));
        if (access.apiKeys === false) assertKeyRefused(exactKey, route.method);
        else assertAdmitted(`api key scoped to ${action} ${subject}`, exactKey);
        if (!access.scope) {
          assertAdmitted(`with ${action} ${subject}`, await send('with ability', route, plainUrl, await tokenOf(userId)));
          continue;
        }
        // One lead the caller is responsible for, one only the admin is: the second is outside the "own" scope.
        const viewer = { id: userId, leadScope: 'own' as const };
        const lead = (mine: boolean) =>
          t.app.leadCommandRepository.create(
            { surname: 'Матрицын', firstname: 'Иван', patronymic: '', phone: nextPhone(), status_id: statusId, users: [mine ? userId : adminId], additional_info: '' },
            adminId,
          );
        const inside = await lead(true);
        const outside = await lead(false);
        const insideComment = await t.app.leadCommentRepository.create(inside.id, { step_id: stepId, body: 'Свой' }, viewer);
        const outsideComment = await t.app.leadCommentRepository.create(outside.id, { step_id: stepId, body: 'Чужой' }, { id: adminId, leadScope: 'all' });
        const fixtures = (version: number): ScopeFixtures => ({ statusId, stepId, version, phone: nextPhone() });
        const token = await tokenOf(userId);

        const away = await send(
          'outside lead scope',
          route,
          urlOf(route, { id: outside.id, commentId: outsideComment.id, userId }),
          token,
          access.scope.body?.(fixtures(outside.version)),
        );
        assert.equal(away.statusCode, 404, `outside lead scope: ${describeAnswer(away)}`);
        // A key of an own-scope owner holding the pair (and manage api-keys): the owner's lead scope is the key's.
        const keyAway = await send(
          'api key',
          route,
          urlOf(route, { id: outside.id, commentId: outsideComment.id, userId }),
          await keyOf(await userWith([{ action, subject }, { action: 'manage', subject: 'api-keys' }]), [{ action, subject }]),
          access.scope.body?.(fixtures(outside.version)),
        );
        assert.equal(keyAway.statusCode, 404, `api key outside its owner's lead scope: ${describeAnswer(keyAway)}`);

        const mine = await send(
          'with ability',
          route,
          urlOf(route, { id: inside.id, commentId: insideComment.id, userId }),
          token,
          access.scope.body?.(fixtures(inside.version)),
        );
        assert.ok(mine.statusCode >= 200 && mine.statusCode < 300, `with ${action} ${subject}, inside the scope: ${describeAnswer(mine)}`);
      }
    }

    test('every route of the table has a line in the matrix, and every line a route', () => {
      assert.ok(recorder.routes.length > 50, 'the route table was collected');
      const missing = recorder.routes.filter((r) => !accessOf(r.method, r.url)).map((r) => `${r.method} ${r.url}`);
      assert.deepEqual(missing, [], 'routes without a line in api/src/test/authorization-matrix.ts');
      const keys = new Set(recorder.routes.map((r) => `${r.method} ${r.url}`));
      const stale = Object.keys(AUTHORIZATION_MATRIX).filter((key) => !keys.has(key));
      assert.deepEqual(stale, [], 'matrix lines naming no route');
    });

    test('every route answers every caller as the matrix says', async (s) => {
      for (const route of recorder.routes) {
        const access = accessOf(route.method, route.url);
        if (!access) continue;
        await s.test(`${route.method} ${route.url}`, () => check(route, access));
      }
    });

    test('nobody grants what they do not hold: every escalation case answers 403 and changes nothing (issue 18)', async (s) => {
      const admin = bearer(await tokenOf(adminId));
      await createRole(t, 'Matrix nothing', [], 'own');
      const otherUserId = (await createUser(t, { email: 'matrix.nothing@test.local', role: 'Matrix nothing' })).id;
      const roleIds = await roleIdsByName(t.app.db, [ADMIN_ROLE, 'Matrix nothing']);
      const permissions: { id: number; action: string; subject: string }[] = (await t.app.inject({ method: 'GET', url: '/api/permissions', headers: admin })).json().data;
      const snapshot = async () => ({
        users: (await t.app.inject({ method: 'GET', url: '/api/users/list?per_page=100', headers: admin })).json().data,
        roles: (await t.app.inject({ method: 'GET', url: '/api/roles', headers: admin })).json().data,
      });
      const fixtures = (self: EscalationFixtures['self']): EscalationFixtures => ({
        self,
        other: { userId: otherUserId, roleId: roleIds['Matrix nothing'] },
        admin: { userId: adminId, roleId: roleIds[ADMIN_ROLE] },
        manageAll: permissions.find((p) => p.action === 'manage' && p.subject === 'all')!.id,
        async userBody(userId, changes = {}) {
          const user = (await t.app.inject({ method: 'GET', url: `/api/users/${userId}`, headers: admin })).json().data;
          const teamIds = user.teams.map((team: { id: number }) => team.id);
          return { name: user.name, first_name: user.first_name, email: user.email, role_id: user.role.id, team_ids: teamIds, version: user.version, ...changes };
        },
        async roleBody(roleId, changes = {}) {
          const role = await t.app.roleRepository.findRole(roleId);
          return { name: role.name, lead_scope: role.lead_scope, permission_ids: role.permission_ids, version: role.version, ...changes };
        },
      });

      for (const escalation of ESCALATION_CASES) {
        await s.test(escalation.name, async () => {
          const userId = await userWith(escalation.rules);
          const self = { userId, roleId: (await t.app.userRepository.findAdmin(userId)).role.id };
          const request = await escalation.request(fixtures(self));
          const before = await snapshot();
          const token = await tokenOf(userId);
          const r = await t.app.inject({ ...request, headers: bearer(token) });
          assert.equal(r.statusCode, 403, describeAnswer(r));
          assert.equal(r.json().code, escalation.code, describeAnswer(r));
          assert.deepEqual(await snapshot(), before, 'no user and no role changed');
          for (const url of ['/api/white-ips', '/api/audit-log']) {
            assert.equal((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode, 403, `${url} afterwards`);
          }
        });
      }
    });
  });
}
