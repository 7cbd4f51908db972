import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearer, buildTestApp, TEST_ADMIN, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser } from '../../test/fixtures';

for (const driver of testDrivers()) {
  describe(`GET /api/users (${driver})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp({ driver });
      await createUser(t, { email: 'manager@test.local', role: 'Manager', firstName: 'Мария', name: 'Мария Соколова' });
      await createUser(t, { email: 'operator@test.local', role: 'Operator', firstName: 'Иван', name: 'Иван Петров' });
    });
    after(() => t.close());

    test('lists every user with the role name, sorted by name', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(await t.login()) });
      assert.equal(response.statusCode, 200);
      const { data } = response.json();
      assert.deepEqual(
        data.map((u: { email: string; role: string; name: string; first_name: string }) => [u.name, u.first_name, u.role, u.email]),
        [
          ['Administrator', 'Admin', 'Admin', TEST_ADMIN.email],
          ['Иван Петров', 'Иван', 'Operator', 'operator@test.local'],
          ['Мария Соколова', 'Мария', 'Manager', 'manager@test.local'],
        ],
      );
      assert.ok(data.every((u: Record<string, unknown>) => !('password_hash' in u) && !('passwordHash' in u)));
    });

    test('a Manager (view users) may list users; an Operator may not', async () => {
      const manager = await t.login('manager@test.local', 'user-password-1');
      const operator = await t.login('operator@test.local', 'user-password-1');
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(manager) })).statusCode, 200);
      const denied = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(operator) });
      assert.equal(denied.statusCode, 403);
      assert.deepEqual(denied.json(), { message: 'This action is unauthorized.', code: 'FORBIDDEN' });
    });

    test('without a token the answer is 401', async () => {
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode, 401);
    });
  });
}
