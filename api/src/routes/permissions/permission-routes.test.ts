import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Permission } from '@crm/shared/schemas';
import { PERMISSION_RULES } from '../../db/seed';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/fixtures';

for (const driver of testDrivers()) {
  describe(`GET /api/permissions (${driver})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp({ driver });
    });
    after(() => t.close());

    test('lists every seeded action+subject pair once, with a name', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/permissions', headers: bearer(await t.login()) });
      assert.equal(response.statusCode, 200);
      const permissions: Permission[] = response.json().data;
      assert.deepEqual(
        permissions.map(({ action, subject }) => ({ action, subject })),
        PERMISSION_RULES,
      );
      assert.equal(permissions.length, 42);
      assert.ok(permissions.some((p) => p.action === 'view' && p.subject === 'audit' && p.name === 'view audit'));
      assert.ok(permissions.some((p) => p.action === 'manage' && p.subject === 'remotes' && p.name === 'manage remotes'));
      assert.ok(permissions.some((p) => p.action === 'manage' && p.subject === 'webhooks' && p.name === 'manage webhooks'));
      assert.ok(permissions.some((p) => p.action === 'manage' && p.subject === 'api-keys' && p.name === 'manage api-keys'));
      assert.ok(permissions.some((p) => p.action === 'view' && p.subject === 'dashboard' && p.name === 'view dashboard'));
      assert.ok(permissions.some((p) => p.action === 'manage' && p.subject === 'saved-views' && p.name === 'manage saved-views'));

      assert.ok(permissions.some((p) => p.action === 'manage' && p.subject === 'all' && p.name === 'manage all'));
    });

    test('needs view permissions', async () => {
      await createUser(t, { email: 'op@test.local', role: 'Operator' });
      const operator = bearer(await t.login('op@test.local', TEST_PASSWORD));
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/permissions', headers: operator })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/permissions' })).statusCode, 401);
    });
  });
}
