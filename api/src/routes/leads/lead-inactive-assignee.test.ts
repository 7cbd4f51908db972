import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LeadAssignee, LeadDetail, LeadImportJob } from '@crm/shared/schemas';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, createUser, leadInput } from '../../test/fixtures';
import { multipart } from '../../test/multipart';

type Headers = Record<string, string>;
const INACTIVE = ['Пользователь деактивирован'];

for (const driver of testDrivers()) {
  describe(`deactivated users cannot be given leads (${driver})`, () => {
    let t: TestApp;
    let admin: Headers;
    let statusId: number;
    let active: { id: number; email: string };
    let gone: { id: number; email: string };

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      statusId = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data[0].id;
      active = await createUser(t, { email: 'still.here@test.local', role: 'Manager', name: 'Остающийся' });
      gone = await createUser(t, { email: 'gone.away@test.local', role: 'Manager', name: 'Ушедший' });
    });
    after(() => t.close());

    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: admin, payload });
    const setActive = async (userId: number, value: boolean) => {
      const response = await post(`/api/users/${userId}/status`, { active: value });
      assert.equal(response.statusCode, 200, response.body);
    };

    test('a lead given to a user before they were deactivated can still be edited, and handed to an active user', async () => {
      const lead = await createLeadVia(t, admin, leadInput(statusId, { surname: 'Унаследованный', users: [gone.id] }));
      await setActive(gone.id, false);

      // The list of whom to hand a lead to holds active users only, with or without a search.
      const all = (await get('/api/leads/assignees')).json().data as LeadAssignee[];
      assert.ok(all.some((u) => u.id === active.id));
      assert.ok(!all.some((u) => u.id === gone.id), 'a deactivated user is offered for hand-over');
      const searched = await get(`/api/leads/assignees?search=${encodeURIComponent('Ушедший')}`);
      assert.equal(searched.statusCode, 200);
      assert.deepEqual(searched.json().data, []);
      // The pickers' list still names them (leads keep them), marked inactive.
      const listed = (await get('/api/users')).json().data as { id: number; active: boolean }[];
      assert.deepEqual(
        [active.id, gone.id].map((id) => listed.find((u) => u.id === id)?.active),
        [true, false],
      );

      // Editing another field keeps the deactivated user who was already responsible.
      const kept = await post(`/api/leads/${lead.id}`, { ...leadInput(statusId, { surname: 'Переименованный', users: [gone.id] }), version: lead.version });
      assert.equal(kept.statusCode, 200, kept.body);
      const saved = kept.json().data as LeadDetail;
      assert.equal(saved.surname, 'Переименованный');
      assert.deepEqual(saved.users, [gone.id]);

      const handed = await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}/assign/${active.id}`, headers: admin });
      assert.equal(handed.statusCode, 200, handed.body);
      assert.deepEqual((handed.json().data as LeadDetail).users, [active.id]);

      // Once handed over, the deactivated user cannot be put back.
      const back = await post(`/api/leads/${lead.id}`, { ...leadInput(statusId, { users: [active.id, gone.id] }), version: saved.version + 1 });
      assert.equal(back.statusCode, 422, back.body);
      assert.deepEqual(back.json().errors, { users: INACTIVE });
      await setActive(gone.id, true);
    });

    test('create names a deactivated user in its 422 together with the other failing fields', async () => {
      await setActive(gone.id, false);
      const response = await post('/api/leads', leadInput(statusId, { phone: '12', users: [active.id, gone.id] }));
      assert.equal(response.statusCode, 422);
      const errors = response.json().errors as Record<string, string[]>;
      assert.deepEqual(Object.keys(errors).sort(), ['phone', 'users']);
      assert.deepEqual(errors.users, INACTIVE);

      const update = await createLeadVia(t, admin, leadInput(statusId, { users: [active.id] }));
      const adding = await post(`/api/leads/${update.id}`, { ...leadInput(statusId, { users: [gone.id] }), version: update.version });
      assert.equal(adding.statusCode, 422);
      assert.deepEqual(adding.json().errors, { users: INACTIVE });
      await setActive(gone.id, true);
    });

    test('handing over to a deactivated user: 422 on the user, 404 for a lead that does not exist, and nothing changes', async () => {
      const lead = await createLeadVia(t, admin, leadInput(statusId, { users: [active.id] }));
      await setActive(gone.id, false);

      const single = await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}/assign/${gone.id}`, headers: admin });
      assert.equal(single.statusCode, 422);
      assert.deepEqual(single.json().errors, { users: INACTIVE });
      assert.match(single.json().message, /./);
      const unknown = await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}/assign/999999`, headers: admin });
      assert.equal(unknown.statusCode, 422);
      assert.deepEqual(unknown.json().errors, { users: ['Пользователь не найден'] });
      const noLead = await t.app.inject({ method: 'GET', url: `/api/leads/999999/assign/${active.id}`, headers: admin });
      assert.equal(noLead.statusCode, 404);

      const bulk = await post('/api/leads/bulk', { action: 'assign', ids: [lead.id], user_id: gone.id });
      assert.equal(bulk.statusCode, 422);
      assert.deepEqual(bulk.json().errors, { user_id: INACTIVE });

      const after = (await get(`/api/leads/${lead.id}`)).json().data as LeadDetail;
      assert.deepEqual(after.users, [active.id]);

      await setActive(gone.id, true);
      const bulkAgain = await post('/api/leads/bulk', { action: 'assign', ids: [lead.id], user_id: gone.id });
      assert.equal(bulkAgain.statusCode, 200, bulkAgain.body);
      assert.equal(bulkAgain.json().data.affected, 1);
    });

    test('an import row naming a deactivated user is rejected with the reason; the others are imported', async () => {
      await setActive(gone.id, false);
      const csv = [
        'Фамилия,Имя,Телефон,Ответственные',
        `Импортный,Иван,+7 924 000 00 01,${active.email}`,
        `Отвергнутый,Пётр,+7 924 000 00 02,${gone.email}`,
      ].join('\n');
      const form = multipart({ on_duplicate: 'create' }, { field: 'file', filename: 'leads.csv', content: csv, contentType: 'text/csv' });
      const started = await t.app.inject({ method: 'POST', url: '/api/leads/import', headers: { ...admin, ...form.headers }, payload: form.payload });
      assert.equal(started.statusCode, 202, started.body);
      let job = started.json().data as LeadImportJob;
      while (job.status !== 'done' && job.status !== 'failed') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        job = (await get(`/api/leads/import/${job.id}`)).json().data as LeadImportJob;
      }
      assert.equal(job.status, 'done');
      assert.deepEqual([job.created, job.rejected], [1, 1]);
      const report = await get(`/api/leads/import/${job.id}/report`);
      assert.equal(report.statusCode, 200);
      assert.match(report.body, /Отвергнутый/);
      assert.match(report.body, /деактивирован \(gone\.away@test\.local\)/);
      assert.doesNotMatch(report.body, /Импортный/);
      await setActive(gone.id, true);
    });
  });
}
