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

    test('a replacement is written to each moved lead\'s history, the deleted status named by its last name', async () => {
      const make = async (name: string) => (await t.app.inject({ method: 'POST', url: '/api/lead-status', headers: admin, payload: { name } })).json().data;
      const [old, replacement, other] = [await make('Старый'), await make('Новый дом'), await make('Посторонний')];
      // The name it had last is the one history shows.
      await t.app.inject({ method: 'PUT', url: `/api/lead-status/${old.id}`, headers: admin, payload: { name: 'Старый, переименованный' } });
      const moved = await t.app.leadSeedRepository.insertMany(
        Array.from({ length: 3 }, (_, i) => ({ surname: `Историев${i}`, firstname: 'Иван', phone: `+7 900 100-00-0${i}`, statusId: old.id })),
      );
      const [untouched] = await t.app.leadSeedRepository.insertMany([{ surname: 'Нетронутов', firstname: 'Иван', phone: '+7 900 100-00-09', statusId: other.id }]);
      const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin })).json();
      const response = await t.app.inject({ method: 'DELETE', url: `/api/lead-status/${old.id}/delete?replacement_id=${replacement.id}`, headers: admin });
      assert.equal(response.statusCode, 200, response.body);

      const history = async (leadId: number) => (await t.app.inject({ method: 'GET', url: `/api/leads/${leadId}/history`, headers: admin })).json();
      for (const leadId of moved) {
        const answer = await history(leadId);
        assert.equal(answer.data.length, 1);
        const [entry] = answer.data;
        assert.equal(entry.action, 'status_changed');
        assert.equal(entry.user?.id, me.userData.id);
        assert.deepEqual(entry.changes, { status_id: { from: old.id, to: replacement.id } });
        assert.deepEqual(answer.deleted_statuses, [{ id: old.id, name: 'Старый, переименованный' }]);
      }
      const quiet = await history(untouched);
      assert.deepEqual([quiet.data.length, quiet.deleted_statuses], [0, []]);
    });

    test('a status deletion goes to the audit log with how many leads moved and where', async () => {
      const make = async (name: string) => (await t.app.inject({ method: 'POST', url: '/api/lead-status', headers: admin, payload: { name } })).json().data;
      const [old, replacement, unused] = [await make('Аудитный'), await make('Принимающий'), await make('Пустой')];
      await t.app.leadSeedRepository.insertMany([
        { surname: 'Аудитов', firstname: 'А', phone: '+7 900 200-00-01', statusId: old.id },
        { surname: 'Аудитов', firstname: 'Б', phone: '+7 900 200-00-02', statusId: old.id },
      ]);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/lead-status/${old.id}/delete?replacement_id=${replacement.id}`, headers: admin })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/lead-status/${unused.id}/delete`, headers: admin })).statusCode, 200);
      const audit = (await t.app.inject({ method: 'GET', url: '/api/audit-log?action=lead_status.delete&per_page=100', headers: admin })).json().data;
      const of = (id: number) => audit.find((e: { subject_id: string }) => e.subject_id === String(id));
      assert.equal(of(old.id).subject_type, 'lead_status');
      assert.deepEqual(of(old.id).before, { name: 'Аудитный', color: old.color });
      assert.deepEqual(of(old.id).after, { moved_leads: 2, moved_to: { id: replacement.id, name: 'Принимающий' } });
      assert.deepEqual([of(unused.id).before, of(unused.id).after], [{ name: 'Пустой', color: unused.color }, null]);
      // A refused deletion changes nothing and records nothing.
      const refusedBefore = audit.length;
      await t.app.leadSeedRepository.insertMany([{ surname: 'Держит', firstname: 'В', phone: '+7 900 200-00-03', statusId: replacement.id }]);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/lead-status/${replacement.id}/delete`, headers: admin })).statusCode, 409);
      const after409 = (await t.app.inject({ method: 'GET', url: '/api/audit-log?action=lead_status.delete&per_page=100', headers: admin })).json().data;
      assert.equal(after409.length, refusedBefore);
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
