import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Notification, PaginationMeta } from '@crm/shared/schemas';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser } from '../../test/fixtures';

for (const driver of testDrivers()) {
  describe(`notifications (${driver})`, () => {
    let t: TestApp;
    let me: { id: number; headers: Record<string, string> };
    let other: { id: number; headers: Record<string, string> };
    const ids: number[] = [];

    before(async () => {
      t = await buildTestApp({ driver });
      const a = await createUser(t, { email: 'me@test.local', role: 'Operator' });
      const b = await createUser(t, { email: 'other@test.local', role: 'Operator' });
      me = { id: a.id, headers: bearer(await a.token()) };
      other = { id: b.id, headers: bearer(await b.token()) };
      for (const title of ['Первое', 'Второе', 'Третье']) {
        const [{ notification: created }] = await t.app.notificationRepository.create([me.id], { type: 'lead-assigned', title, body: 'Тело', link: '/leads/1' });
        ids.push(created.id);
        // Distinct creation times, so "newest first" has one answer.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await t.app.notificationRepository.create([other.id], { type: 'import-finished', title: 'Чужое' });
    });
    after(() => t.close());

    const list = async (query = '', headers = me.headers) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers });
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as { data: Notification[]; meta: PaginationMeta };
    };
    const unread = async (headers = me.headers) =>
      (await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers })).json().data.count as number;

    test('lists only my notifications, newest first, paginated', async () => {
      const page = await list('?per_page=5');
      assert.deepEqual(page.data.map((n) => n.title), ['Третье', 'Второе', 'Первое']);
      assert.deepEqual(page.meta, { current_page: 1, per_page: 5, total: 3, last_page: 1 });
      assert.deepEqual(page.data[0], { id: ids[2], type: 'lead-assigned', title: 'Третье', body: 'Тело', link: '/leads/1', read_at: null, created_at: page.data[0].created_at });
      assert.equal(await unread(), 3);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode, 401);
    });

    test('marking one read puts it after the unread ones and lowers the count', async () => {
      const read = await t.app.inject({ method: 'POST', url: `/api/notifications/${ids[2]}/read`, headers: me.headers });
      assert.equal(read.statusCode, 200);
      assert.ok(read.json().data.read_at);
      assert.deepEqual((await list()).data.map((n) => n.title), ['Второе', 'Первое', 'Третье']);
      assert.equal(await unread(), 2);
    });

    test("another user's notification is not found", async () => {
      assert.equal((await t.app.inject({ method: 'POST', url: `/api/notifications/${ids[0]}/read`, headers: other.headers })).statusCode, 404);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/notifications/${ids[0]}`, headers: other.headers })).statusCode, 404);
      assert.equal(await unread(), 2);
    });

    test('mark all read, then delete one', async () => {
      const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: me.headers });
      assert.deepEqual(all.json(), { data: { count: 0 } });
      assert.equal(await unread(), 0);
      assert.equal(await unread(other.headers), 1);
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/notifications/${ids[0]}`, headers: me.headers });
      assert.deepEqual(removed.json(), { message: 'Уведомление удалено' });
      assert.deepEqual((await list()).data.map((n) => n.title), ['Третье', 'Второе']);
    });
  });
}
