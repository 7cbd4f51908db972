import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Permission, Role } from '@crm/shared/schemas';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser } from '../../test/fixtures';

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
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/roles/${adminRole.id}`,
        headers: admin,
        payload: { name: 'Boss', lead_scope: 'all', permission_ids: [idOf('view', 'lead')], version: adminRole.version },
      });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(Object.keys(response.json().errors).sort(), ['name', 'permission_ids']);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/roles/${adminRole.id}`, headers: admin })).statusCode, 409);
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
