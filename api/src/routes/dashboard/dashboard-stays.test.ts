import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Dashboard, LeadDetail, LeadImportJob, LeadStatus } from '@crm/shared/schemas';
import { queryRows } from '../../db/client';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, leadInput, nextPhone } from '../../test/fixtures';
import { multipart } from '../../test/multipart';

type Headers = Record<string, string>;
type Stay = { history_id: number; lead_id: number; status_id: number; next_status_id: number | null; entered_at: string; left_at: string };

const shiftDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The dashboard's stays come from a summary that PostgreSQL keeps beside the history (migration 0023, decision 076).
 * After every kind of write, the summary must hold what the history says (computed here the way the dashboard did
 * before the summary) and the dashboard must show it.
 */
for (const driver of testDrivers()) {
  describe(`the dashboard's summary of status stays (${driver})`, () => {
    let t: TestApp;
    let admin: Headers;
    let s: LeadStatus[];

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      s = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data;
    });
    after(() => t.close());

    /** Each status change that leaves a status, with the stay's start: the change before it, or the lead's creation. */
    const fromHistory = () =>
      queryRows<Stay>(
        t.app.db,
        sql`select h.id as history_id, h.lead_id, (h.changes->'status_id'->>'from')::int as status_id,
                   (h.changes->'status_id'->>'to')::int as next_status_id,
                   to_char(coalesce(p.created_at, l.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as entered_at,
                   to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as left_at
            from lead_history h
            join leads l on l.id = h.lead_id
            left join lateral (
              select b.created_at from lead_history b
              where b.lead_id = h.lead_id and b.changes ? 'status_id' and (b.created_at, b.id) < (h.created_at, h.id)
              order by b.created_at desc, b.id desc limit 1
            ) p on true
            where h.changes ? 'status_id' and h.changes->'status_id'->>'from' is not null
            order by h.id`,
      );
    const summary = () =>
      queryRows<Stay>(
        t.app.db,
        sql`select history_id, lead_id, status_id, next_status_id,
                   to_char(entered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as entered_at,
                   to_char(left_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as left_at
            from lead_status_stays
            where seconds = extract(epoch from left_at - entered_at)
            order by history_id`,
      );
    const dashboard = async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/dashboard?from=${shiftDays(-2)}&to=${shiftDays(1)}&tz=UTC`, headers: admin });
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data as Dashboard;
    };
    /** Stays per status as the dashboard shows them, and as the history says they are. */
    const staysShown = async () => (await dashboard()).time_in_status.map((r) => [r.status_id, r.stays]);
    const staysExpected = async (rows: Stay[]) => s.map((st) => [st.id, rows.filter((r) => r.status_id === st.id).length]);
    /** The summary holds exactly what the history says, and the dashboard shows it. */
    async function assertInStep(): Promise<Stay[]> {
      const expected = await fromHistory();
      assert.deepEqual(await summary(), expected);
      assert.deepEqual(await staysShown(), await staysExpected(expected));
      return expected;
    }

    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: admin, payload });
    const changeStatus = async (id: number, statusId: number | null) => {
      const response = await post(`/api/leads/status/${id}`, { status_id: statusId });
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data as LeadDetail;
    };

    test('a new lead has no stay; each status change ends one, through the status action and the edit form', async () => {
      const lead = await createLeadVia(t, admin, leadInput(s[0].id));
      assert.equal((await assertInStep()).length, 0);
      const moved = await changeStatus(lead.id, s[1].id);
      let rows = await assertInStep();
      assert.deepEqual(
        rows.map((r) => [r.lead_id, r.status_id, r.next_status_id]),
        [[lead.id, s[0].id, s[1].id]],
      );
      const conversion = (await dashboard()).conversion.find((c) => c.from_status_id === s[0].id)!;
      assert.deepEqual([conversion.exits, conversion.converted], [1, 1]);
      const { id, version } = moved;
      const edited = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${id}`,
        headers: admin,
        payload: { ...leadInput(s[2].id, { phone: moved.phone }), version },
      });
      assert.equal(edited.statusCode, 200, edited.body);
      rows = await assertInStep();
      assert.equal(rows.length, 2);
      // The second stay began when the first ended.
      assert.equal(rows[1].entered_at, rows[0].left_at);
      // Clearing the status ends a stay too; the time without a status is no stay.
      await changeStatus(id, null);
      await changeStatus(id, s[0].id);
      assert.equal((await assertInStep()).length, 3);
    });

    test('a lead whose creation time changes has its first stay begin then; an edit that keeps it changes nothing', async () => {
      const lead = await createLeadVia(t, admin, leadInput(s[0].id));
      await changeStatus(lead.id, s[1].id);
      const [first] = (await assertInStep()).filter((r) => r.lead_id === lead.id);
      await t.app.db.execute(sql`update leads set created_at = created_at - interval '1 hour' where id = ${lead.id}`);
      const [shifted] = (await assertInStep()).filter((r) => r.lead_id === lead.id);
      assert.notEqual(shifted.entered_at, first.entered_at, 'the first stay now begins an hour earlier');
      await t.app.db.execute(sql`update leads set surname = 'Другой' where id = ${lead.id}`);
      assert.deepEqual((await assertInStep()).filter((r) => r.lead_id === lead.id), [shifted]);
    });

    test('a bulk status change ends a stay for each lead it moves', async () => {
      const a = await createLeadVia(t, admin, leadInput(s[0].id));
      const b = await createLeadVia(t, admin, leadInput(s[1].id));
      const before = (await fromHistory()).length;
      const response = await post('/api/leads/bulk', { action: 'status', ids: [a.id, b.id], status_id: s[3].id });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal((await assertInStep()).length, before + 2);
    });

    test('a merge moves the other lead’s stays to the kept lead, each stay starting at the change before it there', async () => {
      const keep = await createLeadVia(t, admin, leadInput(s[0].id));
      const other = await createLeadVia(t, admin, leadInput(s[0].id));
      await changeStatus(keep.id, s[1].id);
      await changeStatus(other.id, s[1].id);
      const kept = await changeStatus(keep.id, s[2].id);
      const merging = (await t.app.inject({ method: 'GET', url: `/api/leads/${other.id}`, headers: admin })).json().data as LeadDetail;
      const response = await post('/api/leads/merge', {
        keep_id: keep.id,
        merge_id: other.id,
        keep_version: kept.version,
        merge_version: merging.version,
        fields: { status_id: 'merge' },
      });
      assert.equal(response.statusCode, 200, response.body);
      const rows = (await assertInStep()).filter((r) => r.lead_id === keep.id);
      // Its own two changes, the other's one, and the merge's (to the other lead's status).
      assert.equal(rows.length, 4);
      assert.equal(rows.filter((r) => r.lead_id === other.id).length, 0);
    });

    test('deleting a lead takes its stays away', async () => {
      const lead = await createLeadVia(t, admin, leadInput(s[0].id));
      await changeStatus(lead.id, s[1].id);
      const before = (await assertInStep()).length;
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/leads/${lead.id}`, headers: admin })).statusCode, 200);
      assert.equal((await assertInStep()).length, before - 1);
    });

    test('an import that updates a lead’s status ends its stay; one that creates leads adds none', async () => {
      const phone = nextPhone();
      const lead = await createLeadVia(t, admin, leadInput(s[0].id, { phone }));
      const before = (await fromHistory()).length;
      const csv = ['Фамилия,Имя,Телефон,Статус', `Импортов,Лид,${phone},${s[4].name}`, `Импортов,Новый,${nextPhone()},${s[1].name}`].join('\n');
      const form = multipart(
        { on_duplicate: 'update', mapping: JSON.stringify({ surname: 'Фамилия', firstname: 'Имя', phone: 'Телефон', status: 'Статус' }) },
        { field: 'file', filename: 'leads.csv', content: csv, contentType: 'text/csv' },
      );
      const started = await t.app.inject({ method: 'POST', url: '/api/leads/import', headers: { ...admin, ...form.headers }, payload: form.payload });
      assert.equal(started.statusCode, 202, started.body);
      let job = started.json().data as LeadImportJob;
      while (job.status !== 'done' && job.status !== 'failed') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        job = (await t.app.inject({ method: 'GET', url: `/api/leads/import/${job.id}`, headers: admin })).json().data as LeadImportJob;
      }
      assert.deepEqual([job.status, job.created, job.updated], ['done', 1, 1]);
      const rows = await assertInStep();
      assert.equal(rows.length, before + 1);
      assert.deepEqual(
        rows.filter((r) => r.lead_id === lead.id).map((r) => [r.status_id, r.next_status_id]),
        [[s[0].id, s[4].id]],
      );
    });

    // Last: it takes the database back to before migration 0023 and runs it.
    test('migration 0023 fills the summary of an existing database from its history', async () => {
      const shown = await dashboard();
      const expected = await fromHistory();
      assert.ok(expected.length > 5);
      // A database from before 0023: no summary, no triggers, the history's two partial indexes.
      await t.app.db.execute(sql`drop table lead_status_stays`);
      await t.app.db.execute(sql`drop function lead_status_stays_history_inserted, lead_status_stays_history_updated, lead_status_stays_history_deleted, lead_status_stays_lead_updated, lead_status_stays_refresh cascade`);
      await t.app.db.execute(sql`create index lead_history_status_changes_at_idx on lead_history (created_at, lead_id) where changes ? 'status_id'`);
      await t.app.db.execute(sql`create index lead_history_status_changes_lead_idx on lead_history (lead_id, created_at) where changes ? 'status_id'`);
      const migration = await readFile(new URL('../../../drizzle/0023_lead_status_stays.sql', import.meta.url), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await t.app.db.execute(sql.raw(statement));
      assert.deepEqual(await summary(), expected);
      assert.deepEqual(await dashboard(), shown);
      // And the triggers are back.
      const lead = await createLeadVia(t, admin, leadInput(s[0].id));
      await changeStatus(lead.id, s[2].id);
      assert.equal((await assertInStep()).length, expected.length + 1);
    });
  });
}
