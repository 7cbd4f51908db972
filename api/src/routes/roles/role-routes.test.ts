import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Role } from '@crm/shared/schemas';
import { SEED_ROLES } from '../../db/seed';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/fixtures';

for (const driver of testDrivers()) {
  describe(`GET /api/roles (${driver})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp({ driver });
      await createUser(t, { email: 'op1@test.local', role: 'Operator' });
      await createUser(t, { email: 'op2@test.local', role: 'Operator' });
      await createUser(t, { email: 'manager@test.local', role: 'Manager' });
    });
    after(() => t.close());

    test('lists the seeded roles with their rules, scope and user counts', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(await t.login()) });
      assert.equal(response.statusCode, 200);
      const roles: Role[] = response.json().data;
      assert.deepEqual(
        roles.map((r) => [r.name, r.lead_scope, r.users_count]),
        [
          ['Admin', 'all', 1],
          ['Manager', 'team', 1],
          ['Operator', 'own', 2],
        ],
      );
      for (const seeded of SEED_ROLES) {
        const role = roles.find((r) => r.name === seeded.name)!;
        assert.deepEqual(
          [...role.permissions].sort((a, b) => `${a.subject}${a.action}`.localeCompare(`${b.subject}${b.action}`)),
          [...seeded.rules].sort((a, b) => `${a.subject}${a.action}`.localeCompare(`${b.subject}${b.action}`)),
        );
      }
    });

    test('needs view roles', async () => {
      const manager = bearer(await t.login('manager@test.local', TEST_PASSWORD));
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/roles', headers: manager })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/roles' })).statusCode, 401);
    });
  });

  describe(`GET /api/roles/options (${driver})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp({ driver });
      await createUser(t, { email: 'manager@test.local', role: 'Manager' });
      await createUser(t, { email: 'op@test.local', role: 'Operator' });
    });
    after(() => t.close());

    test('serves only the roles\' ids and names to whoever may view users (a Manager filtering the users page)', async () => {
      const manager = bearer(await t.login('manager@test.local', TEST_PASSWORD));
      const response = await t.app.inject({ method: 'GET', url: '/api/roles/options', headers: manager });
      assert.equal(response.statusCode, 200);
      const options: unknown[] = response.json().data;
      assert.deepEqual(
        options.map((o) => Object.keys(o as object).sort()),
        options.map(() => ['id', 'name']),
      );
      assert.deepEqual(
        (options as { name: string }[]).map((o) => o.name),
        ['Admin', 'Manager', 'Operator'],
      );
    });

    test('an Admin (view roles) gets them too', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/roles/options', headers: bearer(await t.login()) });
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().data.length, 3);
    });

    test('needs view users or view roles: 403 for an Operator, 401 without a token', async () => {
      const operator = bearer(await t.login('op@test.local', TEST_PASSWORD));
      const refused = await t.app.inject({ method: 'GET', url: '/api/roles/options', headers: operator });
      assert.equal(refused.statusCode, 403);
      assert.equal(typeof refused.json().message, 'string');
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/roles/options' })).statusCode, 401);
    });
  });
}
