import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { LeadAssignee, LeadDetail, LeadListItem } from '@crm/shared/schemas';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, createRole, createUser, leadInput } from '../../test/fixtures';

type Headers = Record<string, string>;

for (const driver of testDrivers()) {
  describe(`leads without a status (${driver})`, () => {
    let t: TestApp;
    let admin: Headers;
    let statusIds: number[];
    const ids: Record<string, number> = {};

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      statusIds = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data.map((s: { id: number }) => s.id);
      const [withStatus, bare1, bare2] = await t.app.leadSeedRepository.insertMany([
        { surname: 'Статусов', firstname: 'Иван', phone: '+7 912 100-00-01', statusId: statusIds[0] },
        { surname: 'Безстатусов', firstname: 'Пётр', phone: '+7 912 100-00-02' },
        { surname: 'Ничейный', firstname: 'Олег', phone: '+7 912 100-00-03' },
      ]);
      Object.assign(ids, { withStatus, bare1, bare2 });
    });
    after(() => t.close());

    const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });
    const post = (url: string, payload: object, headers = admin) => t.app.inject({ method: 'POST', url, headers, payload });
    const surnames = async (query: string) => {
      const response = await get(`/api/leads${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return (response.json().data as LeadListItem[]).map((l) => l.surname).sort();
    };

    test('status_id=none lists exactly the leads without a status; a bad value is a 422 by field', async () => {
      assert.deepEqual(await surnames('?status_id=none'), ['Безстатусов', 'Ничейный']);
      assert.deepEqual(await surnames(`?status_id=${statusIds[0]}`), ['Статусов']);
      const bad = await get('/api/leads?status_id=nothing');
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(Object.keys(bad.json().errors), ['status_id']);
    });

    test('the CSV export takes status_id=none too', async () => {
      const response = await get('/api/leads/export?status_id=none');
      assert.equal(response.statusCode, 200, response.body);
      assert.match(response.body, /Безстатусов/);
      assert.doesNotMatch(response.body, /Статусов,/);
    });

    test('status_id null clears the status on update, and is recorded in the history', async () => {
      const lead = await createLeadVia(t, admin, leadInput(statusIds[1], { surname: 'Очищаемый' }));
      const response = await post(`/api/leads/${lead.id}`, { ...leadInput(statusIds[1], { surname: 'Очищаемый' }), status_id: null, version: lead.version });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal((response.json().data as LeadDetail).status_id, null);
      assert.ok((await surnames('?status_id=none')).includes('Очищаемый'));
      const history = (await get(`/api/leads/${lead.id}/history`)).json().data as { changes: Record<string, { from: unknown; to: unknown }> | null }[];
      assert.deepEqual(history[0].changes?.status_id, { from: statusIds[1], to: null });
    });

    test('create still requires a status', async () => {
      const response = await post('/api/leads', { ...leadInput(statusIds[0]), status_id: null });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json().errors.status_id, ['Выберите статус']);
    });

    test('the status route sets and clears a status', async () => {
      const set = await post(`/api/leads/status/${ids.bare2}`, { status_id: statusIds[2] });
      assert.equal(set.statusCode, 200, set.body);
      assert.equal(set.json().data.status_id, statusIds[2]);
      const cleared = await post(`/api/leads/status/${ids.bare2}`, { status_id: null });
      assert.equal(cleared.statusCode, 200, cleared.body);
      assert.equal(cleared.json().data.status_id, null);
      const missing = await post(`/api/leads/status/${ids.bare2}`, {});
      assert.equal(missing.statusCode, 422);
    });

    test('bulk status null clears the status of every selected lead', async () => {
      const a = await createLeadVia(t, admin, leadInput(statusIds[0], { surname: 'Пакетный' }));
      const b = await createLeadVia(t, admin, leadInput(statusIds[1], { surname: 'Пакетная' }));
      const response = await post('/api/leads/bulk', { action: 'status', ids: [a.id, b.id], status_id: null });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().data.affected, 2);
      const none = await surnames('?status_id=none');
      assert.ok(none.includes('Пакетный') && none.includes('Пакетная'));
    });
  });

  describe(`hand-over needs assign lead (${driver})`, () => {
    let t: TestApp;
    let admin: Headers;
    let operator: Headers;
    let editorOnly: Headers;
    let statusId: number;
    let operatorId: number;
    let colleagueId: number;

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      statusId = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data[0].id;
      const op = await createUser(t, { email: 'operator@test.local', role: 'Operator', firstName: 'Ольга', name: 'Ольга Кузнецова' });
      const colleague = await createUser(t, { email: 'colleague@test.local', role: 'Manager', firstName: 'Иван', name: 'Иван Петров' });
      operatorId = op.id;
      colleagueId = colleague.id;
      operator = bearer(await op.token());
      await createRole(t, 'Editor', [
        { action: 'view', subject: 'lead' },
        { action: 'edit', subject: 'lead' },
      ]);
      editorOnly = bearer(await (await createUser(t, { email: 'editor@test.local', role: 'Editor' })).token());
    });
    after(() => t.close());

    const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

    test('the seeded Operator holds assign lead', async () => {
      const me = await get('/api/auth/me', operator);
      assert.equal(me.statusCode, 200, me.body);
      const rules = me.json().userAbilityRules as { action: string; subject: string }[];
      assert.ok(rules.some((r) => r.action === 'assign' && r.subject === 'lead'), JSON.stringify(rules));
      const list = await get('/api/leads/assignees', operator);
      assert.equal(list.statusCode, 200, list.body);
    });

    test('GET /api/leads/assignees lists users by name, searched; without assign lead it is 403', async () => {
      const all = (await get('/api/leads/assignees', operator)).json().data as LeadAssignee[];
      const colleague = all.find((u) => u.id === colleagueId);
      assert.deepEqual(colleague, { id: colleagueId, name: 'Иван Петров', first_name: 'Иван', email: 'colleague@test.local', avatar: null, role: 'Manager' });
      assert.ok(all.every((u) => !('password_hash' in u) && !('passwordHash' in u)));

      const found = (await get(`/api/leads/assignees?search=${encodeURIComponent('петр')}`, operator)).json().data as LeadAssignee[];
      assert.deepEqual(found.map((u) => u.name), ['Иван Петров']);
      const byEmail = (await get('/api/leads/assignees?search=COLLEAGUE@', operator)).json().data as LeadAssignee[];
      assert.deepEqual(byEmail.map((u) => u.id), [colleagueId]);
      const wildcard = (await get('/api/leads/assignees?search=%25', operator)).json().data as LeadAssignee[];
      assert.deepEqual(wildcard, []);

      assert.equal((await get('/api/leads/assignees', editorOnly)).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/leads/assignees' })).statusCode, 401);
      // The Operator still may not list users in general.
      assert.equal((await get('/api/users', operator)).statusCode, 403);
    });

    test('at most 50 users answer', async () => {
      for (let i = 0; i < 52; i += 1) await createUser(t, { email: `many${String(i).padStart(2, '0')}@test.local`, role: 'Operator' });
      assert.equal(((await get('/api/leads/assignees', operator)).json().data as LeadAssignee[]).length, 50);
    });

    test('an Operator hands their lead over; a role with edit lead but not assign lead gets 403', async () => {
      const lead = await createLeadVia(t, operator, leadInput(statusId, { users: [operatorId] }));
      const denied = await get(`/api/leads/${lead.id}/assign/${colleagueId}`, editorOnly);
      assert.equal(denied.statusCode, 403);
      const response = await get(`/api/leads/${lead.id}/assign/${colleagueId}`, operator);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual((response.json().data as LeadDetail).users, [colleagueId]);
    });

    test('bulk assign needs assign lead; bulk status still needs only edit lead', async () => {
      const lead = await createLeadVia(t, admin, leadInput(statusId));
      const post = (headers: Headers, payload: object) => t.app.inject({ method: 'POST', url: '/api/leads/bulk', headers, payload });
      assert.equal((await post(editorOnly, { action: 'assign', ids: [lead.id], user_id: colleagueId })).statusCode, 403);
      assert.equal((await post(editorOnly, { action: 'status', ids: [lead.id], status_id: statusId })).statusCode, 200);
      const assigned = await post(admin, { action: 'assign', ids: [lead.id], user_id: colleagueId });
      assert.equal(assigned.statusCode, 200, assigned.body);
      assert.equal(assigned.json().data.affected, 1);
    });

    test('migration 0004 adds assign lead to an existing database and grants it to every role that holds edit lead', async () => {
      await createRole(t, 'Legacy editor', [
        { action: 'view', subject: 'lead' },
        { action: 'edit', subject: 'lead' },
      ]);
      await createRole(t, 'Viewer', [{ action: 'view', subject: 'lead' }]);
      const legacy = bearer(await (await createUser(t, { email: 'legacy@test.local', role: 'Legacy editor' })).token());
      const viewer = bearer(await (await createUser(t, { email: 'viewer@test.local', role: 'Viewer' })).token());
      assert.equal((await get('/api/leads/assignees', legacy)).statusCode, 403);

      // A database from before 0004: no `assign lead` at all (deleting it drops its grants too).
      await t.app.db.execute(sql`delete from permissions where action = 'assign' and subject = 'lead'`);
      assert.equal((await get('/api/leads/assignees', operator)).statusCode, 403);

      const migration = await readFile(new URL('../../../drizzle/0004_assign_lead.sql', import.meta.url), 'utf8');
      // Run twice: a second run (or a permission the seed already added) changes nothing.
      for (let run = 0; run < 2; run += 1) {
        for (const statement of migration.split('--> statement-breakpoint')) await t.app.db.execute(sql.raw(statement));
      }
      assert.equal((await get('/api/leads/assignees', legacy)).statusCode, 200);
      assert.equal((await get('/api/leads/assignees', operator)).statusCode, 200);
      assert.equal((await get('/api/leads/assignees', viewer)).statusCode, 403);
    });
  });
}
