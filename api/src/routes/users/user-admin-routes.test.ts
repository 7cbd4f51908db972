import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AdminUser } from '@crm/shared/schemas';
import { roleIdsByName } from '../../db/seed';
import { bearer, buildTestApp, TEST_ADMIN, type TestApp, testDrivers } from '../../test/build-test-app';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../../test/fixtures';

for (const driver of testDrivers()) {
  describe(`users administration (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let roleIds: Record<string, number>;
    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      roleIds = await roleIdsByName(t.app.db, ['Admin', 'Manager', 'Operator']);
    });
    after(() => t.close());

    const mailsTo = (email: string) =>
      t.logs.filter((line) => (line.mail as { to?: string } | undefined)?.to === email).map((line) => line.mail as { subject: string; text: string });

    test('create: the new user is in the list with role and teams, and gets an invitation to choose a password', async () => {
      const teamId = await createTeam(t, 'Продажи', []);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin,
        payload: { name: 'Анна Новикова', first_name: 'Анна', email: ' Anna@Test.Local ', role_id: roleIds.Operator, team_ids: [teamId] },
      });
      assert.equal(created.statusCode, 201, created.body);
      const user: AdminUser = created.json().data;
      assert.deepEqual(
        { email: user.email, role: user.role.name, teams: user.teams.map((x) => x.name), active: user.active },
        { email: 'anna@test.local', role: 'Operator', teams: ['Продажи'], active: true },
      );

      await t.app.jobs.idle();
      const [mail] = mailsTo('anna@test.local');
      assert.equal(mail.subject, 'You have been invited to the CRM');
      const link = new URL(/http\S+/.exec(mail.text)![0]);
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: 'anna@test.local', token: link.searchParams.get('token'), password: 'annas-password', password_confirmation: 'annas-password' },
      });
      assert.equal(reset.statusCode, 200, reset.body);
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'anna@test.local', password: 'annas-password' } })).statusCode, 200);

      const listed = await t.app.inject({ method: 'GET', url: `/api/users/list?team_id=${teamId}`, headers: admin });
      assert.deepEqual(
        listed.json().data.map((u: AdminUser) => u.email),
        ['anna@test.local'],
      );
    });

    test('create reports every bad field at once, and a taken email', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/users', headers: admin, payload: { name: '', email: 'nope', role_id: 0 } });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(Object.keys(response.json().errors).sort(), ['email', 'first_name', 'name', 'role_id']);
      const taken = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin,
        payload: { name: 'Двойник', first_name: 'Двойник', email: TEST_ADMIN.email, role_id: roleIds.Operator, team_ids: [999999] },
      });
      assert.equal(taken.statusCode, 422);
      assert.deepEqual(taken.json().errors, { email: ['This email address is already taken.'], team_ids: ['Choose existing teams'] });
    });

    test('list: search, filters by role and status, pages', async () => {
      await createUser(t, { email: 'ivan.list@test.local', role: 'Manager', name: 'Иван Списков' });
      const search = await t.app.inject({ method: 'GET', url: `/api/users/list?q=${encodeURIComponent('списков')}`, headers: admin });
      assert.deepEqual(search.json().data.map((u: AdminUser) => u.email), ['ivan.list@test.local']);
      const managers = await t.app.inject({ method: 'GET', url: `/api/users/list?role_id=${roleIds.Manager}`, headers: admin });
      assert.ok(managers.json().data.every((u: AdminUser) => u.role.name === 'Manager'));
      const paged = await t.app.inject({ method: 'GET', url: '/api/users/list?per_page=5&page=1', headers: admin });
      assert.deepEqual(Object.keys(paged.json().meta).sort(), ['current_page', 'last_page', 'per_page', 'total']);
      const bad = await t.app.inject({ method: 'GET', url: '/api/users/list?status=gone&per_page=7', headers: admin });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(Object.keys(bad.json().errors).sort(), ['per_page', 'status']);
    });

    test('deactivate: every token stops at once, sign-in is refused, the list shows the status; activate restores sign-in', async () => {
      const user = await createUser(t, { email: 'leaver@test.local', role: 'Operator' });
      const sessions = [await user.token(), await user.token()];
      const off = await t.app.inject({ method: 'POST', url: `/api/users/${user.id}/status`, headers: admin, payload: { active: false } });
      assert.equal(off.statusCode, 200, off.body);
      assert.equal(off.json().data.active, false);
      for (const token of sessions) assert.equal((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode, 401);
      const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
      assert.equal(signIn.statusCode, 422);
      assert.match(signIn.json().errors.email[0], /deactivated/);
      const inactive = await t.app.inject({ method: 'GET', url: '/api/users/list?status=inactive', headers: admin });
      assert.ok(inactive.json().data.some((u: AdminUser) => u.email === user.email));

      await t.app.inject({ method: 'POST', url: `/api/users/${user.id}/status`, headers: admin, payload: { active: true } });
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } })).statusCode, 200);
    });

    test('the last active full-access user cannot deactivate themselves; nobody changes their own role; another Admin may demote them', async () => {
      const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin })).json().userData.id as number;
      const off = await t.app.inject({ method: 'POST', url: `/api/users/${me}/status`, headers: admin, payload: { active: false } });
      assert.equal(off.statusCode, 422);
      assert.deepEqual(Object.keys(off.json().errors), ['active']);
      const current: AdminUser = (await t.app.inject({ method: 'GET', url: `/api/users/${me}`, headers: admin })).json().data;
      const demote = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${me}`,
        headers: admin,
        payload: { name: current.name, first_name: current.first_name, email: current.email, role_id: roleIds.Operator, team_ids: [], version: current.version },
      });
      assert.equal(demote.statusCode, 403);
      assert.deepEqual(demote.json(), { code: 'OWN_ROLE', message: 'You cannot change your own role. Ask another administrator.' });

      // A second Admin may move the first.
      const second = await createUser(t, { email: 'second.admin@test.local', role: 'Admin' });
      const stepDown = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${me}`,
        headers: bearer(await second.token()),
        payload: { name: current.name, first_name: current.first_name, email: current.email, role_id: roleIds.Manager, team_ids: [], version: current.version },
      });
      assert.equal(stepDown.statusCode, 200, stepDown.body);
      // The role change counts from the next request: the same token now lacks `manage users`.
      assert.equal((await t.app.inject({ method: 'POST', url: `/api/users/${me}/status`, headers: admin, payload: { active: true } })).statusCode, 403);
      const me2 = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin });
      assert.equal(me2.json().userData.role, 'Manager');
    });

    test('edit over a stale version answers 409', async () => {
      const user = await createUser(t, { email: 'stale@test.local', role: 'Operator' });
      const second = bearer(await t.login('second.admin@test.local', TEST_PASSWORD));
      const body = { name: 'Новое имя', first_name: 'Новое', email: user.email, role_id: roleIds.Operator, team_ids: [], version: 1 };
      assert.equal((await t.app.inject({ method: 'PUT', url: `/api/users/${user.id}`, headers: second, payload: body })).statusCode, 200);
      const stale = await t.app.inject({ method: 'PUT', url: `/api/users/${user.id}`, headers: second, payload: { ...body, name: 'Другое' } });
      assert.equal(stale.statusCode, 409);
    });

    test('force a password reset: the old password and sessions stop working, a mail goes out', async () => {
      const second = bearer(await t.login('second.admin@test.local', TEST_PASSWORD));
      const user = await createUser(t, { email: 'forced@test.local', role: 'Operator' });
      const session = await user.token();
      const forced = await t.app.inject({ method: 'POST', url: `/api/users/${user.id}/password-reset`, headers: second });
      assert.equal(forced.statusCode, 200, forced.body);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) })).statusCode, 401);
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } })).statusCode, 422);
      await t.app.jobs.idle();
      assert.equal(mailsTo(user.email).at(-1)?.subject, 'Choose a new CRM password');
    });

    test('a Manager (view users) may list but not create, edit or deactivate', async () => {
      const manager = bearer(await (await createUser(t, { email: 'viewer.manager@test.local', role: 'Manager' })).token());
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/users/list', headers: manager })).statusCode, 200);
      const create = await t.app.inject({ method: 'POST', url: '/api/users', headers: manager, payload: {} });
      assert.equal(create.statusCode, 403);
    });

    test('a delegate holding manage users assigns only roles it holds, never its own, and cannot touch users above it (issue 18)', async () => {
      const second = bearer(await t.login('second.admin@test.local', TEST_PASSWORD));
      await createRole(t, 'Кадровик', [{ action: 'manage', subject: 'users' }, { action: 'view', subject: 'lead' }], 'own');
      await createRole(t, 'Читатель', [{ action: 'view', subject: 'lead' }], 'own');
      await createRole(t, 'Читатель всех', [{ action: 'view', subject: 'lead' }], 'all');
      const ids = await roleIdsByName(t.app.db, ['Кадровик', 'Читатель', 'Читатель всех']);
      const delegateUser = await createUser(t, { email: 'hr@test.local', role: 'Кадровик' });
      const delegate = bearer(await delegateUser.token());
      const read = async (id: number): Promise<AdminUser> => (await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: second })).json().data;
      const save = (id: number, user: AdminUser, changes: Record<string, unknown>) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/users/${id}`,
          headers: delegate,
          payload: { name: user.name, first_name: user.first_name, email: user.email, role_id: user.role.id, team_ids: [], version: user.version, ...changes },
        });

      // Its own user: the role stays, and the white-ip list and the audit log stay closed.
      const self = await save(delegateUser.id, await read(delegateUser.id), { role_id: roleIds.Admin });
      assert.equal(self.statusCode, 403, self.body);
      assert.equal(self.json().code, 'OWN_ROLE');
      assert.equal((await read(delegateUser.id)).role.name, 'Кадровик');
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/white-ips', headers: delegate })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/audit-log', headers: delegate })).statusCode, 403);

      // Another user: only a role whose every permission (and lead scope) it holds.
      const reader = await createUser(t, { email: 'reader@test.local', role: 'Читатель' });
      const toAdmin = await save(reader.id, await read(reader.id), { role_id: roleIds.Admin });
      assert.equal(toAdmin.statusCode, 403);
      assert.deepEqual(toAdmin.json(), {
        code: 'GRANT_NOT_HELD',
        message: 'You cannot assign the role "Admin": it grants manage all, the lead scope "all", which you do not hold.',
      });
      const wider = await save(reader.id, await read(reader.id), { role_id: ids['Читатель всех'] });
      assert.equal(wider.json().message, 'You cannot assign the role "Читатель всех": it grants the lead scope "all", which you do not hold.');
      assert.equal((await read(reader.id)).role.name, 'Читатель');
      const renamed = await save(reader.id, await read(reader.id), { name: 'Читатель Петров' });
      assert.equal(renamed.statusCode, 200, renamed.body);

      // Creating (the invitation path): the same rule.
      const user = (role_id: number, email: string) => ({ name: 'Новый', first_name: 'Новый', email, role_id, team_ids: [] });
      const invitedAdmin = await t.app.inject({ method: 'POST', url: '/api/users', headers: delegate, payload: user(roleIds.Admin, 'boss@test.local') });
      assert.equal(invitedAdmin.statusCode, 403);
      assert.equal(invitedAdmin.json().code, 'GRANT_NOT_HELD');
      const invitedReader = await t.app.inject({ method: 'POST', url: '/api/users', headers: delegate, payload: user(ids['Читатель'], 'reader2@test.local') });
      assert.equal(invitedReader.statusCode, 201, invitedReader.body);
      const listed = await t.app.inject({ method: 'GET', url: '/api/users/list?q=boss', headers: second });
      assert.equal(listed.json().meta.total, 0);

      // A user above it: no email change (then a reset link to that address), no deactivation, no forced reset.
      const boss = await createUser(t, { email: 'boss.admin@test.local', role: 'Admin' });
      const takeover = await save(boss.id, await read(boss.id), { email: 'hr.inbox@test.local' });
      assert.equal(takeover.statusCode, 403);
      assert.equal(takeover.json().message, 'You cannot change a user with the role "Admin": it grants manage all, the lead scope "all", which you do not hold.');
      assert.equal((await read(boss.id)).email, 'boss.admin@test.local');
      assert.equal((await t.app.inject({ method: 'POST', url: `/api/users/${boss.id}/status`, headers: delegate, payload: { active: false } })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'POST', url: `/api/users/${boss.id}/password-reset`, headers: delegate })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: boss.email, password: TEST_PASSWORD } })).statusCode, 200);
    });
  });
}
