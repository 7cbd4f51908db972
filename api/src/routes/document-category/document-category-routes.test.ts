import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_DOCUMENT_CATEGORY } from '../../db/seed';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/fixtures';

for (const driver of testDrivers()) {
  describe(`document-category routes (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
    });
    after(() => t.close());

    const titles = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/document-category', headers: admin })).json().data.map((c: { title: string }) => c.title);

    test('lists the seeded category', async () => {
      assert.deepEqual(await titles(), [DEFAULT_DOCUMENT_CATEGORY]);
    });

    test('creates, lists by title and deletes a category', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/document-category', headers: admin, payload: { title: 'Регламенты' } });
      assert.equal(response.statusCode, 201);
      const { data } = response.json();
      assert.deepEqual(Object.keys(data).sort(), ['documents_count', 'id', 'position', 'title']);
      assert.deepEqual(await titles(), [DEFAULT_DOCUMENT_CATEGORY, 'Регламенты']);

      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/document-category/${data.id}`, headers: admin });
      assert.equal(deleted.statusCode, 200);
      assert.deepEqual(deleted.json(), { message: 'Document category deleted.' });
      assert.deepEqual(await titles(), [DEFAULT_DOCUMENT_CATEGORY]);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/document-category/${data.id}`, headers: admin })).statusCode, 404);
    });

    test('422 for an empty or too long title', async () => {
      for (const title of ['   ', 'x'.repeat(151)]) {
        const response = await t.app.inject({ method: 'POST', url: '/api/document-category', headers: admin, payload: { title } });
        assert.equal(response.statusCode, 422);
        assert.deepEqual(Object.keys(response.json().errors), ['title']);
      }
    });

    test('a Manager may view but not create or delete', async () => {
      await createUser(t, { email: 'manager@test.local', role: 'Manager' });
      const manager = bearer(await t.login('manager@test.local', TEST_PASSWORD));
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/document-category', headers: manager })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/document-category', headers: manager, payload: { title: 'X' } })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'DELETE', url: '/api/document-category/1', headers: manager })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/document-category' })).statusCode, 401);
    });
  });
}
