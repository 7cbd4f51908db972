import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Permission, Role } from '@crm/shared/schemas';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createRole, createUser } from '../../test/fixtures';

for (const driver of testDrivers()) {
  describe(`roles and permissions administration (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let permissions: Permission[];
    const idOf = (action: string, subject: string) => permissions.find((p) => p.action === action && p.subject === subject)!.id;
    const roles = async (): Promise<Role[]> => (await t.app.inject({ method: 'GET', url: '/api/roles', headers: admin })).json().data;

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      permissions = (await t.app.inject({ method: 'GET', url: '/api/permissions', headers: admin })).json().data;
    });
    after(() => t.close());

    test('a role change applies to its users on their next request, without signing in again', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/roles',
        headers: admin,
        payload: { name: 'Стажёр', lead_scope: 'own', permission_ids: [idOf('view', 'lead')] },
      });
      assert.equal(created.statusCode, 201, created.body);
      const role: Role = created.json().data;
      assert.deepEqual(role.permissions, [{ action: 'view', subject: 'lead' }]);

      const intern = await createUser(t, { email: 'intern@test.local', role: 'Стажёр', name: 'Стажёр Иванов' });
      const session = bearer(await intern.token());
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/document-category', headers: session })).statusCode, 403);
      const published: { channels: string[]; event: string }[] = [];
      t.app.realtime.onPublish((event) => published.push(event));

      const widened = await t.app.inject({
        method: 'PUT',
        url: `/api/roles/${role.id}`,
        headers: admin,
        payload: { name: 'Стажёр', lead_scope: 'team', permission_ids: [idOf('view', 'lead'), idOf('view', 'document-category')], version: role.version },
      });
      assert.equal(widened.statusCode, 200, widened.body);
      // The intern's open app is told at once to refetch its rules (issue 11's user channel).
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(
        published.filter((e) => e.event === 'abilities.changed').map((e) => e.channels),
        [[`private-App.Models.User.${intern.id}`]],
      );
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/document-category', headers: session })).statusCode, 200);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: session });
      assert.deepEqual(me.json().userAbilityRules, [
        { action: 'view', subject: 'lead' },
        { action: 'view', subject: 'document-category' },
      ]);

      const card = (await roles()).find((r) => r.id === role.id)!;
      assert.deepEqual({ count: card.users_count, avatars: card.users.map((u) => u.name), scope: card.lead_scope }, { count: 1, avatars: ['Стажёр Иванов'], scope: 'team' });
    });

    test('a role held by users cannot be deleted until they move; an empty one can', async () => {
      const role = (await roles()).find((r) => r.name === 'Стажёр')!;
      const held = await t.app.inject({ method: 'DELETE', url: `/api/roles/${role.id}`, headers: admin });
      assert.equal(held.statusCode, 409);
      assert.match(held.json().message, /Move them to another role/);
      const empty = await t.app.inject({ method: 'POST', url: '/api/roles', headers: admin, payload: { name: 'Пустая', lead_scope: 'own' } });
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/roles/${empty.json().data.id}`, headers: admin })).statusCode, 200);
    });

    test('the Admin role keeps manage all and its name', async () => {
      const adminRole = (await roles()).find((r) => r.name === 'Admin')!;
      // Nobody edits the role they hold (decision 045): another full-access role does it.
      await createRole(t, 'Суперпользователь', [{ action: 'manage', subject: 'all' }], 'all');
      const superUser = bearer(await (await createUser(t, { email: 'super@test.local', role: 'Суперпользователь' })).token());
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/roles/${adminRole.id}`,
        headers: superUser,
        payload: { name: 'Boss', lead_scope: 'all', permission_ids: [idOf('view', 'lead')], version: adminRole.version },
      });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(Object.keys(response.json().errors).sort(), ['name', 'permission_ids']);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/roles/${adminRole.id}`, headers: admin })).statusCode, 409);
    });

    test('a role editor grants only what it holds and never edits its own role (issue 18)', async () => {
      await createRole(
        t,
        'Редактор ролей',
        [
          { action: 'view', subject: 'roles' },
          { action: 'create', subject: 'roles' },
          { action: 'edit', subject: 'roles' },
          { action: 'view', subject: 'team' },
        ],
        'own',
      );
      const editor = bearer(await (await createUser(t, { email: 'role.editor@test.local', role: 'Редактор ролей' })).token());
      const byName = async (name: string) => (await roles()).find((r) => r.name === name)!;
      const put = (role: Role, changes: Record<string, unknown>) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/roles/${role.id}`,
          headers: editor,
          payload: { name: role.name, lead_scope: role.lead_scope, permission_ids: role.permission_ids, version: role.version, ...changes },
        });

      // Its own role: not even what it holds, so never manage all.
      const own = await byName('Редактор ролей');
      const selfPromotion = await put(own, { permission_ids: [...own.permission_ids, idOf('manage', 'all')] });
      assert.equal(selfPromotion.statusCode, 403);
      assert.deepEqual(selfPromotion.json(), { code: 'OWN_ROLE', message: 'You cannot edit the role you hold. Ask another administrator.' });
      assert.equal((await byName('Редактор ролей')).version, own.version);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/white-ips', headers: editor })).statusCode, 403);

      // Another role: adding what it lacks, widening the lead scope, editing a role above it.
      const created = await t.app.inject({ method: 'POST', url: '/api/roles', headers: editor, payload: { name: 'Наблюдатель', lead_scope: 'own', permission_ids: [idOf('view', 'team')] } });
      assert.equal(created.statusCode, 201, created.body);
      const watcher: Role = created.json().data;
      const addAll = await put(watcher, { permission_ids: [idOf('view', 'team'), idOf('manage', 'all')] });
      assert.equal(addAll.statusCode, 403);
      assert.deepEqual(addAll.json(), {
        code: 'GRANT_NOT_HELD',
        message: 'You cannot give the role "Наблюдатель" these permissions: it grants manage all, which you do not hold.',
      });
      const addAudit = await put(watcher, { permission_ids: [idOf('view', 'team'), idOf('view', 'audit')] });
      assert.equal(addAudit.json().message, 'You cannot give the role "Наблюдатель" these permissions: it grants view audit, which you do not hold.');
      const widen = await put(watcher, { lead_scope: 'all' });
      assert.equal(widen.json().message, 'You cannot give the role "Наблюдатель" these permissions: it grants the lead scope "all", which you do not hold.');
      const adminRole = await byName('Admin');
      const strip = await put(adminRole, { permission_ids: [idOf('view', 'team')] });
      assert.equal(strip.statusCode, 403);
      assert.equal(strip.json().message, 'You cannot edit the role "Admin": it grants manage all, the lead scope "all", which you do not hold.');
      assert.deepEqual((await byName('Наблюдатель')).permissions, [{ action: 'view', subject: 'team' }]);
      const rename = await put(watcher, { name: 'Наблюдатель команд' });
      assert.equal(rename.statusCode, 200, rename.body);

      // Creating: the same rule.
      const createAll = await t.app.inject({ method: 'POST', url: '/api/roles', headers: editor, payload: { name: 'Тайный админ', lead_scope: 'own', permission_ids: [idOf('manage', 'all')] } });
      assert.equal(createAll.statusCode, 403);
      assert.equal(createAll.json().code, 'GRANT_NOT_HELD');
      assert.equal((await roles()).some((r) => r.name === 'Тайный админ'), false);
    });

    test('bad role input: every field at once; a duplicate name', async () => {
      const bad = await t.app.inject({ method: 'POST', url: '/api/roles', headers: admin, payload: { name: '', lead_scope: 'world', permission_ids: ['x'] } });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(Object.keys(bad.json().errors).sort(), ['lead_scope', 'name', 'permission_ids.0']);
      const duplicate = await t.app.inject({ method: 'POST', url: '/api/roles', headers: admin, payload: { name: 'Manager', lead_scope: 'own' } });
      assert.deepEqual(duplicate.json().errors, { name: ['A role with this name already exists'] });
    });

    test('permissions: add, rename, list the roles holding each, delete only when unused (409)', async () => {
      const added = await t.app.inject({ method: 'POST', url: '/api/permissions', headers: admin, payload: { action: 'manage', subject: 'lead', name: 'Всё с лидами' } });
      assert.equal(added.statusCode, 201, added.body);
      const permission: Permission = added.json().data;
      assert.deepEqual(permission.roles, []);
      const again = await t.app.inject({ method: 'POST', url: '/api/permissions', headers: admin, payload: { action: 'manage', subject: 'lead', name: 'Ещё раз' } });
      assert.equal(again.statusCode, 422);

      const renamed = await t.app.inject({ method: 'PUT', url: `/api/permissions/${permission.id}`, headers: admin, payload: { action: 'manage', subject: 'lead', name: 'Лиды целиком' } });
      assert.equal(renamed.json().data.name, 'Лиды целиком');

      const viewLead = idOf('view', 'lead');
      const inUse = await t.app.inject({ method: 'DELETE', url: `/api/permissions/${viewLead}`, headers: admin });
      assert.equal(inUse.statusCode, 409);
      assert.match(inUse.json().message, /Manager/);
      const listed: Permission[] = (await t.app.inject({ method: 'GET', url: '/api/permissions', headers: admin })).json().data;
      assert.deepEqual(listed.find((p) => p.id === viewLead)!.roles.map((r) => r.name), ['Manager', 'Operator', 'Стажёр']);
      const repurpose = await t.app.inject({ method: 'PUT', url: `/api/permissions/${viewLead}`, headers: admin, payload: { action: 'delete', subject: 'all', name: 'x' } });
      assert.equal(repurpose.statusCode, 409);

      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/permissions/${permission.id}`, headers: admin })).statusCode, 200);
    });
  });
}
