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

    test('a category deletion goes to the audit log with how many documents moved and where', async () => {
      const make = async (title: string) => (await t.app.inject({ method: 'POST', url: '/api/document-category', headers: admin, payload: { title } })).json().data;
      const [from, to, empty] = [await make('Уходящая'), await make('Принимающая'), await make('Пустая')];
      for (const title of ['Первый', 'Второй']) {
        const created = await t.app.inject({ method: 'POST', url: '/api/document', headers: admin, payload: { title, category_id: from.id } });
        assert.equal(created.statusCode, 201, created.body);
      }
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/document-category/${from.id}?move_to=${to.id}`, headers: admin })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/document-category/${empty.id}`, headers: admin })).statusCode, 200);
      const audit = (await t.app.inject({ method: 'GET', url: '/api/audit-log?action=document_category.delete&per_page=100', headers: admin })).json().data;
      const of = (id: number) => audit.find((e: { subject_id: string }) => e.subject_id === String(id));
      assert.equal(of(from.id).subject_type, 'document_category');
      assert.deepEqual(of(from.id).before, { title: 'Уходящая' });
      assert.deepEqual(of(from.id).after, { moved_documents: 2, moved_to: { id: to.id, title: 'Принимающая' } });
      assert.deepEqual([of(empty.id).before, of(empty.id).after], [{ title: 'Пустая' }, null]);
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
