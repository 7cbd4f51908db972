import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_COMMENT_STEPS } from '../../db/seed';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/fixtures';

for (const driver of testDrivers()) {
  describe(`comment-steps routes (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
    });
    after(() => t.close());

    const steps = async () => (await t.app.inject({ method: 'GET', url: '/api/comment-steps', headers: admin })).json().data;

    test('lists the seeded steps in order', async () => {
      const data = await steps();
      assert.deepEqual(
        data.map((s: { name: string }) => s.name),
        DEFAULT_COMMENT_STEPS,
      );
      assert.deepEqual(
        data.map((s: { position: number }) => s.position),
        [1, 2, 3],
      );
    });

    test('creates a step at the end and deletes it', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/comment-steps', headers: admin, payload: { name: 'Договор подписан' } });
      assert.equal(response.statusCode, 201);
      const { data } = response.json();
      assert.equal(data.position, DEFAULT_COMMENT_STEPS.length + 1);
      assert.equal((await steps()).at(-1).name, 'Договор подписан');

      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/comment-steps/${data.id}`, headers: admin });
      assert.equal(deleted.statusCode, 200);
      assert.equal((await steps()).length, DEFAULT_COMMENT_STEPS.length);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/comment-steps/${data.id}`, headers: admin })).statusCode, 404);
    });

    test('422 names the field', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/comment-steps', headers: admin, payload: { name: '' } });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json().errors, { name: ['Enter a name'] });
    });

    test('an Operator may view steps but not change them', async () => {
      await createUser(t, { email: 'op@test.local', role: 'Operator' });
      const operator = bearer(await t.login('op@test.local', TEST_PASSWORD));
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/comment-steps', headers: operator })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/comment-steps', headers: operator, payload: { name: 'X' } })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'DELETE', url: '/api/comment-steps/1', headers: operator })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/comment-steps' })).statusCode, 401);
    });
  });
}
