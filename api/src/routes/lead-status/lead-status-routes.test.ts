import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_LEAD_STATUSES } from '../../db/seed';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/fixtures';

for (const driver of testDrivers()) {
  describe(`lead-status routes (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
    });
    after(() => t.close());

    const list = async () => (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data;

    test('lists the seeded statuses in position order', async () => {
      const data = await list();
      assert.deepEqual(
        data.map((s: { name: string; color: string }) => ({ name: s.name, color: s.color })),
        DEFAULT_LEAD_STATUSES,
      );
      assert.deepEqual(
        data.map((s: { position: number }) => s.position),
        [1, 2, 3, 4, 5],
      );
    });

    test('creates a status at the end, with the default colour when none is given', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/lead-status', headers: admin, payload: { name: '  Перезвонить  ' } });
      assert.equal(response.statusCode, 201);
      const { data } = response.json();
      assert.equal(data.name, 'Перезвонить');
      assert.equal(data.color, '#A8AAAE');
      assert.equal(data.position, 6);
      assert.equal((await list()).at(-1).id, data.id);
    });

    test('422 names each invalid field', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/lead-status', headers: admin, payload: { name: '', color: 'teal' } });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json(), {
        message: 'The given data was invalid.',
        code: 'VALIDATION_FAILED',
        errors: { name: ['Укажите название'], color: ['Укажите цвет вида #0D9394'] },
      });
    });

    test('a missing body is 422 too, not a crash', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/lead-status', headers: admin });
      assert.equal(response.statusCode, 422);
    });

    test('deletes an unused status', async () => {
      const created = (await t.app.inject({ method: 'POST', url: '/api/lead-status', headers: admin, payload: { name: 'Временный' } })).json().data;
      const response = await t.app.inject({ method: 'DELETE', url: `/api/lead-status/${created.id}/delete`, headers: admin });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { message: 'Lead status deleted.' });
      assert.ok(!(await list()).some((s: { id: number }) => s.id === created.id));
    });

    test('refuses with 409 STATUS_IN_USE while a lead has the status', async () => {
      const [status] = await list();
      await t.app.leadSeedRepository.insertMany([{ surname: 'Иванов', firstname: 'Иван', phone: '+7 900 000-00-01', statusId: status.id }]);
      const response = await t.app.inject({ method: 'DELETE', url: `/api/lead-status/${status.id}/delete`, headers: admin });
      assert.equal(response.statusCode, 409);
      assert.equal(response.json().code, 'STATUS_IN_USE');
      assert.ok((await list()).some((s: { id: number }) => s.id === status.id));
    });

    test('404 for an unknown id, 422 for a non-numeric one', async () => {
      assert.equal((await t.app.inject({ method: 'DELETE', url: '/api/lead-status/999999/delete', headers: admin })).statusCode, 404);
      const invalid = await t.app.inject({ method: 'DELETE', url: '/api/lead-status/abc/delete', headers: admin });
      assert.equal(invalid.statusCode, 422);
      assert.ok(invalid.json().errors.id);
    });

    test('an Operator may list but not create or delete', async () => {
      await createUser(t, { email: 'op@test.local', role: 'Operator' });
      const operator = bearer(await t.login('op@test.local', TEST_PASSWORD));
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: operator })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/lead-status', headers: operator, payload: { name: 'X' } })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'DELETE', url: '/api/lead-status/1/delete', headers: operator })).statusCode, 403);
    });

    test('PUT renames or recolours; a field left out keeps its value', async () => {
      const created = (await t.app.inject({ method: 'POST', url: '/api/lead-status', headers: admin, payload: { name: 'Черновой', color: '#0D9394' } })).json().data;
      const put = (payload: object, id = created.id) => t.app.inject({ method: 'PUT', url: `/api/lead-status/${id}`, headers: admin, payload });
      const renamed = await put({ name: 'Чистовой' });
      assert.equal(renamed.statusCode, 200, renamed.body);
      assert.deepEqual(renamed.json().data, { ...created, name: 'Чистовой' });
      assert.deepEqual((await put({ color: '#EA5455' })).json().data, { ...created, name: 'Чистовой', color: '#EA5455' });
      assert.deepEqual((await put({ color: 'red' })).json().errors, { color: ['Укажите цвет вида #0D9394'] });
      assert.equal((await put({ name: 'X' }, 999_999)).statusCode, 404);
    });

    test('POST /reorder puts every status in the given order; anything but all ids once is 422', async () => {
      const ids = (await list()).map((s: { id: number }) => s.id);
      const reversed = [...ids].reverse();
      const response = await t.app.inject({ method: 'POST', url: '/api/lead-status/reorder', headers: admin, payload: { ids: reversed } });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json().data.map((s: { id: number }) => s.id), reversed);
      assert.deepEqual((await list()).map((s: { id: number; position: number }) => [s.id, s.position]), reversed.map((id, i) => [id, i + 1]));
      for (const bad of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), 999_999]]) {
        const refused = await t.app.inject({ method: 'POST', url: '/api/lead-status/reorder', headers: admin, payload: { ids: bad } });
        assert.deepEqual([refused.statusCode, Object.keys(refused.json().errors)], [422, ['ids']]);
      }
      await t.app.inject({ method: 'POST', url: '/api/lead-status/reorder', headers: admin, payload: { ids } });
    });

    test('DELETE with replacement_id moves the leads to it (new version each), then deletes', async () => {
      const make = async (name: string) => (await t.app.inject({ method: 'POST', url: '/api/lead-status', headers: admin, payload: { name } })).json().data;
      const [old, replacement] = [await make('Уходящий'), await make('Заменяющий')];
      const [leadId] = await t.app.leadSeedRepository.insertMany([{ surname: 'Переезжий', firstname: 'Иван', phone: '+7 900 000-00-02', statusId: old.id }]);
      const del = (query: string) => t.app.inject({ method: 'DELETE', url: `/api/lead-status/${old.id}/delete${query}`, headers: admin });
      assert.equal((await del('')).statusCode, 409);
      assert.deepEqual((await del(`?replacement_id=${old.id}`)).json().errors, { replacement_id: ['Выберите другой статус'] });
      assert.deepEqual((await del('?replacement_id=999999')).json().errors, { replacement_id: ['Статус не найден'] });
      const response = await del(`?replacement_id=${replacement.id}`);
      assert.equal(response.statusCode, 200, response.body);
      const lead = (await t.app.inject({ method: 'GET', url: `/api/leads/${leadId}`, headers: admin })).json().data;
      assert.deepEqual([lead.status_id, lead.version], [replacement.id, 2]);
      assert.ok(!(await list()).some((s: { id: number }) => s.id === old.id));
      assert.equal((await del(`?replacement_id=${replacement.id}`)).statusCode, 404);
    });

    test('a Manager may create statuses but not edit, reorder or delete them', async () => {
      await createUser(t, { email: 'manager@test.local', role: 'Manager' });
      const manager = bearer(await t.login('manager@test.local', TEST_PASSWORD));
      const [status] = await list();
      assert.equal((await t.app.inject({ method: 'PUT', url: `/api/lead-status/${status.id}`, headers: manager, payload: { name: 'X' } })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/lead-status/reorder', headers: manager, payload: { ids: [status.id] } })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/lead-status/${status.id}/delete`, headers: manager })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'PUT', url: `/api/lead-status/${status.id}`, payload: { name: 'X' } })).statusCode, 401);
    });

    test('401 without a token', async () => {
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/lead-status' })).statusCode, 401);
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/lead-status', payload: { name: 'X' } })).statusCode, 401);
    });
  });
}
