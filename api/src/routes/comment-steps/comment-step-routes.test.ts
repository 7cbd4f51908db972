import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_COMMENT_STEPS } from '../../db/seed';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, createUser, leadInput, TEST_PASSWORD } from '../../test/fixtures';

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
      assert.deepEqual(response.json().errors, { name: ['Укажите название'] });
    });

    test('a new step has a colour (grey unless chosen); rename and recolour keep the other fields', async () => {
      const plain = (await t.app.inject({ method: 'POST', url: '/api/comment-steps', headers: admin, payload: { name: 'Без цвета' } })).json().data;
      assert.equal(plain.color, '#A8AAAE');
      assert.equal(plain.archived, false);
      const created = await t.app.inject({ method: 'POST', url: '/api/comment-steps', headers: admin, payload: { name: 'Встреча', color: '#28C76F' } });
      const step = created.json().data;
      assert.equal(step.color, '#28C76F');
      const renamed = await t.app.inject({ method: 'PATCH', url: `/api/comment-steps/${step.id}`, headers: admin, payload: { name: 'Встреча в офисе' } });
      assert.deepEqual(renamed.json().data, { ...step, name: 'Встреча в офисе' });
      const recoloured = await t.app.inject({ method: 'PATCH', url: `/api/comment-steps/${step.id}`, headers: admin, payload: { color: '#EA5455' } });
      assert.deepEqual(recoloured.json().data, { ...step, name: 'Встреча в офисе', color: '#EA5455' });
      const bad = await t.app.inject({ method: 'PATCH', url: `/api/comment-steps/${step.id}`, headers: admin, payload: { name: ' ', color: 'red', archived: 'no' } });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(Object.keys(bad.json().errors).sort(), ['archived', 'color', 'name']);
      assert.equal((await t.app.inject({ method: 'PATCH', url: '/api/comment-steps/999999', headers: admin, payload: { name: 'X' } })).statusCode, 404);
    });

    test('reorder takes every id once, in the new order', async () => {
      const ids = (await steps()).map((s: { id: number }) => s.id);
      const reversed = [...ids].reverse();
      const response = await t.app.inject({ method: 'PUT', url: '/api/comment-steps/order', headers: admin, payload: { ids: reversed } });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json().data.map((s: { id: number }) => s.id), reversed);
      assert.deepEqual((await steps()).map((s: { position: number }) => s.position), reversed.map((_, i) => i + 1));
      const partial = await t.app.inject({ method: 'PUT', url: '/api/comment-steps/order', headers: admin, payload: { ids: reversed.slice(1) } });
      assert.equal(partial.statusCode, 422);
      assert.deepEqual(partial.json().errors, { ids: ['Перечислите каждый шаг ровно один раз'] });
      await t.app.inject({ method: 'PUT', url: '/api/comment-steps/order', headers: admin, payload: { ids } });
    });

    test('a step used by comments: 409 on delete with a clear message; archived, it stays on old comments and is refused for new ones', async () => {
      const step = (await t.app.inject({ method: 'POST', url: '/api/comment-steps', headers: admin, payload: { name: 'Звонок', color: '#00CFE8' } })).json().data;
      const statusId = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data[0].id;
      const lead = await createLeadVia(t, admin, leadInput(statusId));
      const comment = await t.app.inject({ method: 'POST', url: `/api/leads/${lead.id}/comments`, headers: admin, payload: { step_id: step.id, body: '<p>Позвонил</p>' } });
      assert.equal(comment.statusCode, 201, comment.body);
      assert.deepEqual(comment.json().data.step, { id: step.id, name: 'Звонок', color: '#00CFE8' });

      const refused = await t.app.inject({ method: 'DELETE', url: `/api/comment-steps/${step.id}`, headers: admin });
      assert.equal(refused.statusCode, 409);
      assert.equal(refused.json().code, 'STEP_IN_USE');
      assert.match(refused.json().message, /used by 1 comment.*Archive it/);

      const archived = await t.app.inject({ method: 'PATCH', url: `/api/comment-steps/${step.id}`, headers: admin, payload: { archived: true } });
      assert.equal(archived.json().data.archived, true);
      assert.equal((await steps()).find((s: { id: number }) => s.id === step.id).archived, true);
      const comments = (await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}/comments`, headers: admin })).json().data;
      assert.deepEqual(comments[0].step, { id: step.id, name: 'Звонок', color: '#00CFE8' });

      const fresh = await t.app.inject({ method: 'POST', url: `/api/leads/${lead.id}/comments`, headers: admin, payload: { step_id: step.id, body: '<p>Ещё</p>' } });
      assert.equal(fresh.statusCode, 422);
      assert.deepEqual(fresh.json().errors, { step_id: ['Этап в архиве: выберите другой'] });
      // Editing the old comment's text keeps its archived step.
      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/leads/${lead.id}/comments/${comment.json().data.id}`,
        headers: admin,
        payload: { step_id: step.id, body: '<p>Позвонил дважды</p>' },
      });
      assert.equal(edited.statusCode, 200, edited.body);

      const restored = await t.app.inject({ method: 'PATCH', url: `/api/comment-steps/${step.id}`, headers: admin, payload: { archived: false } });
      assert.equal(restored.json().data.archived, false);
    });

    test('an Operator may view steps but not change them', async () => {
      await createUser(t, { email: 'op@test.local', role: 'Operator' });
      const operator = bearer(await t.login('op@test.local', TEST_PASSWORD));
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/comment-steps', headers: operator })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/comment-steps', headers: operator, payload: { name: 'X' } })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'DELETE', url: '/api/comment-steps/1', headers: operator })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'PATCH', url: '/api/comment-steps/1', headers: operator, payload: { name: 'X' } })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'PUT', url: '/api/comment-steps/order', headers: operator, payload: { ids: [1] } })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/comment-steps' })).statusCode, 401);
    });
  });
}
