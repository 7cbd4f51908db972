import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { LeadDetail, LeadImportJob, LeadStatus } from '@crm/shared/schemas';
import { queryRows } from '../../db/client';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, createUser, leadInput } from '../../test/fixtures';
import { multipart } from '../../test/multipart';

type Headers = Record<string, string>;

/**
 * "No activity for N days" and "without responsible user" read what PostgreSQL keeps on the lead's row (migration
 * 0024, decision 078): after every way a lead, its comments, history or responsible users are written, the list must
 * answer what the filters answered when they looked at those tables themselves (the `before…` queries below).
 */
for (const driver of testDrivers()) {
  describe(`lead list: activity and responsible users kept on the lead row (${driver})`, () => {
    let t: TestApp;
    let admin: Headers;
    let operatorId: number;
    let operatorEmail: string;
    let statuses: LeadStatus[];
    let stepId: number;

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      const operator = await createUser(t, { email: 'row-columns-op@test.local', role: 'Operator' });
      operatorId = operator.id;
      operatorEmail = operator.email;
      statuses = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data;
      stepId = (await t.app.inject({ method: 'GET', url: '/api/comment-steps', headers: admin })).json().data[0].id;
    });
    after(() => t.close());

    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: admin, payload });

    /** Leads of one surname, created through the API; the first name names each. */
    async function make(surname: string, names: string[], users: number[] = []): Promise<Record<string, LeadDetail>> {
      const made: Record<string, LeadDetail> = {};
      for (const firstname of names) made[firstname] = await createLeadVia(t, admin, leadInput(statuses[0].id, { surname, firstname, users }));
      return made;
    }

    /** The first names the list answers for `query` among the leads of `surname`. */
    async function listed(surname: string, query: string): Promise<string[]> {
      const response = await get(`/api/leads?search=${encodeURIComponent(surname)}&per_page=100&${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return (response.json().data as { firstname: string }[]).map((lead) => lead.firstname).sort();
    }

    /** The same leads by the filters as they were before migration 0024: the comments, history and users probed. */
    const beforeInactive = async (surname: string) =>
      (
        await queryRows<{ firstname: string }>(
          t.app.db,
          sql`select firstname from leads l where l.surname = ${surname}
                and l.updated_at < now() - interval '30 days'
                and not exists (select 1 from lead_comments c where c.lead_id = l.id and c.created_at >= now() - interval '30 days')
                and not exists (select 1 from lead_history h where h.lead_id = l.id and h.created_at >= now() - interval '30 days')`,
        )
      )
        .map((r) => r.firstname)
        .sort();
    const beforeUnassigned = async (surname: string) =>
      (
        await queryRows<{ firstname: string }>(
          t.app.db,
          sql`select firstname from leads l where l.surname = ${surname} and not exists (select 1 from lead_users u where u.lead_id = l.id)`,
        )
      )
        .map((r) => r.firstname)
        .sort();

    /** What the list shows under both filters, checked against the filters' old meaning. */
    async function expectLists(surname: string, inactive: string[], unassigned: string[]) {
      const shown = { inactive: await listed(surname, 'inactive_days=30'), unassigned: await listed(surname, 'no_user=1') };
      assert.deepEqual(shown, { inactive: [...inactive].sort(), unassigned: [...unassigned].sort() });
      assert.deepEqual(shown, { inactive: await beforeInactive(surname), unassigned: await beforeUnassigned(surname) }, 'as the old filters');
    }

    /** Forty days without activity: the row, its comments and its history written then (as a quiet lead's would be). */
    async function age(surname: string) {
      const then = sql`now() - interval '40 days'`;
      await t.app.db.execute(sql`update leads set updated_at = ${then} where surname = ${surname}`);
      await t.app.db.execute(sql`update lead_comments set created_at = ${then} where lead_id in (select id from leads where surname = ${surname})`);
      await t.app.db.execute(sql`update lead_history set created_at = ${then} where lead_id in (select id from leads where surname = ${surname})`);
    }

    test('create: a lead without users is "without responsible user"; a new lead is active until it ages', async () => {
      await make('Созданова', ['Один']);
      await make('Созданова', ['Два'], [operatorId]);
      await expectLists('Созданова', [], ['Один']);
      await age('Созданова');
      await expectLists('Созданова', ['Один', 'Два'], ['Один']);
    });

    test('comments: a comment on a quiet lead is activity; so are editing and deleting it', async () => {
      const leads = await make('Комментова', ['Один', 'Два']);
      await age('Комментова');
      await expectLists('Комментова', ['Один', 'Два'], ['Один', 'Два']);
      const created = await post(`/api/leads/${leads.Один.id}/comments`, { step_id: stepId, body: 'Перезвонить' });
      assert.equal(created.statusCode, 201, created.body);
      await expectLists('Комментова', ['Два'], ['Один', 'Два']);
      await age('Комментова');
      await expectLists('Комментова', ['Один', 'Два'], ['Один', 'Два']);
      const url = `/api/leads/${leads.Один.id}/comments/${created.json().data.id}`;
      const edited = await t.app.inject({ method: 'PUT', url, headers: admin, payload: { step_id: stepId, body: 'Перезвонил' } });
      assert.equal(edited.statusCode, 200, edited.body);
      await expectLists('Комментова', ['Два'], ['Один', 'Два']);
      await age('Комментова');
      const deleted = await t.app.inject({ method: 'DELETE', url, headers: admin });
      assert.equal(deleted.statusCode, 200, deleted.body);
      await expectLists('Комментова', ['Два'], ['Один', 'Два']);
    });

    test('a comment or history entry written straight to the table (seed, demo data) is activity too', async () => {
      const leads = await make('Прямова', ['Один', 'Два', 'Три']);
      await age('Прямова');
      await t.app.db.execute(sql`insert into lead_comments (lead_id, body) values (${leads.Один.id}, '<p>Из сида</p>')`);
      await t.app.db.execute(sql`insert into lead_history (lead_id, action) values (${leads.Два.id}, 'updated')`);
      await expectLists('Прямова', ['Три'], ['Один', 'Два', 'Три']);
    });

    test('seed and demo data (the seed repository): users with the lead, times as given', async () => {
      const day = 86_400_000;
      await t.app.leadSeedRepository.insertMany([
        { surname: 'Сидова', firstname: 'Старый', phone: '+7 932 000 00 01', createdAt: new Date(Date.now() - 60 * day) },
        { surname: 'Сидова', firstname: 'Старый с ответственным', phone: '+7 932 000 00 02', createdAt: new Date(Date.now() - 60 * day), users: [operatorId] },
        { surname: 'Сидова', firstname: 'Новый', phone: '+7 932 000 00 03', users: [operatorId, operatorId] },
      ]);
      await expectLists('Сидова', ['Старый', 'Старый с ответственным'], ['Старый']);
    });

    test('status change, one lead and in bulk, is activity', async () => {
      const leads = await make('Статусова', ['Один', 'Два', 'Три']);
      await age('Статусова');
      assert.equal((await post(`/api/leads/status/${leads.Один.id}`, { status_id: statuses[1].id })).statusCode, 200);
      await expectLists('Статусова', ['Два', 'Три'], ['Один', 'Два', 'Три']);
      const bulk = await post('/api/leads/bulk', { action: 'status', ids: [leads.Два.id], status_id: statuses[2].id });
      assert.equal(bulk.statusCode, 200, bulk.body);
      await expectLists('Статусова', ['Три'], ['Один', 'Два', 'Три']);
    });

    test('assign, hand-over, bulk assign and removing every user from the form', async () => {
      const leads = await make('Назначенова', ['Один', 'Два', 'Три']);
      const assigned = await get(`/api/leads/${leads.Один.id}/assign/${operatorId}`);
      assert.equal(assigned.statusCode, 200, assigned.body);
      await expectLists('Назначенова', [], ['Два', 'Три']);
      const bulk = await post('/api/leads/bulk', { action: 'assign', ids: [leads.Два.id], user_id: operatorId });
      assert.equal(bulk.statusCode, 200, bulk.body);
      await expectLists('Назначенова', [], ['Три']);
      // Handed over from one user to another: never without one.
      const adminId = (await get('/api/auth/me')).json().userData.id as number;
      assert.equal((await get(`/api/leads/${leads.Один.id}/assign/${adminId}`)).statusCode, 200);
      assert.equal((await post('/api/leads/bulk', { action: 'assign', ids: [leads.Один.id, leads.Два.id], user_id: adminId })).statusCode, 200);
      await expectLists('Назначенова', [], ['Три']);
      // The form saved with nobody responsible, then with two.
      const current = (await get(`/api/leads/${leads.Один.id}`)).json().data as LeadDetail;
      const cleared = await post(`/api/leads/${current.id}`, { ...leadInput(statuses[0].id, { surname: 'Назначенова', firstname: 'Один', phone: current.phone }), users: [], version: current.version });
      assert.equal(cleared.statusCode, 200, cleared.body);
      await expectLists('Назначенова', [], ['Один', 'Три']);
      const saved = cleared.json().data as LeadDetail;
      const two = await post(`/api/leads/${saved.id}`, { ...leadInput(statuses[0].id, { surname: 'Назначенова', firstname: 'Один', phone: saved.phone }), users: [adminId, operatorId], version: saved.version });
      assert.equal(two.statusCode, 200, two.body);
      await expectLists('Назначенова', [], ['Три']);
    });

    test('merge: the kept lead takes the other lead’s users and activity; the other leaves both lists', async () => {
      const keep = await make('Слитова', ['Оставленный', 'Пустой']);
      const other = await make('Слитова', ['Слитый'], [operatorId]);
      const lone = await make('Слитова', ['Одинокий']);
      await age('Слитова');
      await expectLists('Слитова', ['Оставленный', 'Пустой', 'Слитый', 'Одинокий'], ['Оставленный', 'Пустой', 'Одинокий']);
      const merge = async (a: LeadDetail, b: LeadDetail) => {
        const [kept, merged] = [(await get(`/api/leads/${a.id}`)).json().data, (await get(`/api/leads/${b.id}`)).json().data];
        const r = await post('/api/leads/merge', { keep_id: kept.id, merge_id: merged.id, keep_version: kept.version, merge_version: merged.version, fields: {} });
        assert.equal(r.statusCode, 200, r.body);
      };
      await merge(keep.Оставленный, other.Слитый);
      await expectLists('Слитова', ['Пустой', 'Одинокий'], ['Пустой', 'Одинокий']);
      // Two leads without users: the kept one still has none.
      await merge(keep.Пустой, lone.Одинокий);
      await expectLists('Слитова', [], ['Пустой']);
    });

    test('delete, one lead and in bulk: gone from both lists', async () => {
      const leads = await make('Удалённова', ['Один', 'Два', 'Три']);
      await age('Удалённова');
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/leads/${leads.Один.id}`, headers: admin })).statusCode, 200);
      assert.equal((await post('/api/leads/bulk', { action: 'delete', ids: [leads.Два.id] })).statusCode, 200);
      await expectLists('Удалённова', ['Три'], ['Три']);
    });

    test('tasks are not activity (as before); a task done with a comment is, through its comment', async () => {
      const leads = await make('Задачова', ['Один', 'Два']);
      await age('Задачова');
      const added = await post(`/api/leads/${leads.Один.id}/tasks`, { title: 'Звонок', type: 'call', due_at: new Date(Date.now() + 3_600_000).toISOString(), remind_before_minutes: 0 });
      assert.equal(added.statusCode, 201, added.body);
      const other = await post(`/api/leads/${leads.Два.id}/tasks`, { title: 'Звонок', type: 'call', due_at: new Date(Date.now() + 3_600_000).toISOString(), remind_before_minutes: 0 });
      assert.equal(other.statusCode, 201, other.body);
      await expectLists('Задачова', ['Один', 'Два'], ['Один', 'Два']);
      const patch = (id: number, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/tasks/${id}`, headers: admin, payload });
      assert.equal((await patch(added.json().data.id, { version: 1, done: true })).statusCode, 200);
      await expectLists('Задачова', ['Один', 'Два'], ['Один', 'Два']);
      const commented = await patch(other.json().data.id, { version: 1, done: true, comment: { step_id: stepId, body: 'Договорились' } });
      assert.equal(commented.statusCode, 200, commented.body);
      await expectLists('Задачова', ['Один'], ['Один', 'Два']);
    });

    test('a deleted user takes its responsible-user rows along; rows deleted or moved by hand', async () => {
      const leaving = await createUser(t, { email: 'row-columns-leaving@test.local', role: 'Operator' });
      await make('Ушедшова', ['Только его'], [leaving.id]);
      await make('Ушедшова', ['С двумя'], [leaving.id, operatorId]);
      const rest = await make('Ушедшова', ['Чужой', 'Пустой'], [operatorId]);
      await expectLists('Ушедшова', [], []);
      // No route deletes a user (they are deactivated); the foreign key's cascade is what an operator's DELETE does.
      await t.app.db.execute(sql`delete from users where id = ${leaving.id}`);
      await expectLists('Ушедшова', [], ['Только его']);
      await t.app.db.execute(sql`delete from lead_users where lead_id = ${rest.Пустой.id}`);
      await expectLists('Ушедшова', [], ['Только его', 'Пустой']);
      await t.app.db.execute(sql`update lead_users set lead_id = ${rest.Пустой.id} where lead_id = ${rest.Чужой.id}`);
      await expectLists('Ушедшова', [], ['Только его', 'Чужой']);
    });

    test('import: new leads with and without users, then updates of them', async () => {
      const importCsv = async (lines: string[], onDuplicate: 'create' | 'update') => {
        const csv = ['Фамилия,Имя,Телефон,Ответственные', ...lines].join('\n');
        const form = multipart(
          { on_duplicate: onDuplicate, mapping: JSON.stringify({ surname: 'Фамилия', firstname: 'Имя', phone: 'Телефон', users: 'Ответственные' }) },
          { field: 'file', filename: 'leads.csv', content: csv, contentType: 'text/csv' },
        );
        const started = await t.app.inject({ method: 'POST', url: '/api/leads/import', headers: { ...admin, ...form.headers }, payload: form.payload });
        assert.equal(started.statusCode, 202, started.body);
        for (;;) {
          const job = (await get(`/api/leads/import/${(started.json() as { data: LeadImportJob }).data.id}`)).json().data as LeadImportJob;
          if (job.status === 'done' || job.status === 'failed') return job;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      const first = await importCsv(
        ['Импортова,Один,+7 931 000 00 01,', `Импортова,Два,+7 931 000 00 02,${operatorEmail}`, `Импортова,Три,+7 931 000 00 03,${operatorEmail}`],
        'create',
      );
      assert.deepEqual([first.status, first.created], ['done', 3]);
      await expectLists('Импортова', [], ['Один']);
      await age('Импортова');
      await expectLists('Импортова', ['Один', 'Два', 'Три'], ['Один']);
      // Updated by a second file: the first gets a user, the second loses hers; the third is unchanged.
      const second = await importCsv(
        [`Импортова,Один,+7 931 000 00 01,${operatorEmail}`, 'Импортова,Два,+7 931 000 00 02,', `Импортова,Три,+7 931 000 00 03,${operatorEmail}`],
        'update',
      );
      assert.equal(second.status, 'done');
      await expectLists('Импортова', ['Три'], ['Два']);
    });

    test('a row whose updated_at goes back counts its entries again', async () => {
      const leads = await make('Откатова', ['Один']);
      await t.app.db.execute(sql`update leads set updated_at = now() - interval '40 days' where id = ${leads.Один.id}`);
      // Its "created" entry is new, so it is active.
      await expectLists('Откатова', [], ['Один']);
      await t.app.db.execute(sql`update lead_history set created_at = now() - interval '35 days' where lead_id = ${leads.Один.id}`);
      await expectLists('Откатова', ['Один'], ['Один']);
    });

    // Last: it takes the database back to before migration 0024 and runs it.
    test('migration 0024 fills both columns of an existing database', async () => {
      const surname = 'Миграцова';
      const leads = await make(surname, ['Тихий', 'Комментированный', 'Записанный', 'Назначенный']);
      assert.equal((await get(`/api/leads/${leads.Назначенный.id}/assign/${operatorId}`)).statusCode, 200);
      await age(surname);
      // After the row's last update: a comment on one, a history entry on another.
      await t.app.db.execute(sql`insert into lead_comments (lead_id, body) values (${leads.Комментированный.id}, '<p>Свежий</p>')`);
      await t.app.db.execute(sql`insert into lead_history (lead_id, action) values (${leads.Записанный.id}, 'updated')`);
      const expected = { inactive: ['Назначенный', 'Тихий'], unassigned: ['Записанный', 'Комментированный', 'Тихий'] };
      await expectLists(surname, expected.inactive, expected.unassigned);
      const everyLead = async () => ({ inactive: await listed('', 'inactive_days=30'), unassigned: await listed('', 'no_user=1') });
      const shownBefore = await everyLead();

      // A database from before 0024: no columns, no triggers.
      await t.app.db.execute(sql`alter table leads drop column last_activity_at, drop column last_entry_at, drop column has_responsible_user`);
      await t.app.db.execute(
        sql`drop function leads_activity_entries_inserted, leads_activity_entries_updated, leads_activity_refresh, leads_activity_updated_at_back,
              leads_responsible_users_inserted, leads_responsible_users_deleted, leads_responsible_users_updated cascade`,
      );
      const migration = await readFile(new URL('../../../drizzle/0024_lead_activity_and_responsible.sql', import.meta.url), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await t.app.db.execute(sql.raw(statement));

      await expectLists(surname, expected.inactive, expected.unassigned);
      assert.deepEqual(await everyLead(), shownBefore);
      // And the triggers are back.
      const again = await make(surname, ['Новый']);
      await expectLists(surname, expected.inactive, [...expected.unassigned, 'Новый']);
      assert.equal((await get(`/api/leads/${again.Новый.id}/assign/${operatorId}`)).statusCode, 200);
      await expectLists(surname, expected.inactive, expected.unassigned);
    });
  });
}
