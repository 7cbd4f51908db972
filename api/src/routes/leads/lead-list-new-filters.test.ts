import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import { leadComments } from '../../db/schema/lead-comments';
import { leadHistory } from '../../db/schema/lead-history';
import { leads } from '../../db/schema/leads';
import { tasks } from '../../db/schema/tasks';
import { parseCsv } from '../../lib/csv';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, createUser, leadInput } from '../../test/fixtures';

/**
 * The list's filters of docs/decisions/077 (created and updated ranges in a time zone, no activity for N days, without a
 * responsible user, with overdue tasks), in GET /api/leads and in the CSV export, each within the caller's lead scope.
 */
for (const driver of testDrivers()) {
  describe(`lead list: date ranges, inactivity, no user, overdue tasks (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let operator: Record<string, string>;
    let operatorId: number;
    /** Leads by name: `mine*` created by the operator, `theirs*` by the admin (outside the operator's own scope). */
    const ids: Record<string, number> = {};
    const SURNAME = 'Фильтрова';

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      const op = await createUser(t, { email: 'filters-op@test.local', role: 'Operator' });
      operatorId = op.id;
      operator = bearer(await op.token());
      const statusId = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data[0].id;
      const make = async (name: string, headers: Record<string, string>, users: number[] = []) => {
        ids[name] = (await createLeadVia(t, headers, leadInput(statusId, { surname: SURNAME, firstname: name, users }))).id;
      };
      await make('mineQuiet', operator);
      await make('mineBusy', operator, [operatorId]);
      await make('mineLate', operator, [operatorId]);
      await make('theirsQuiet', admin);
      await make('theirsCommented', admin);

      // Times: mineQuiet and theirsQuiet were created and last touched on 10 March 2024 (UTC noon); mineLate at
      // 22:30 UTC that day, already 11 March in Moscow; the rest are new.
      const at = (iso: string) => new Date(iso);
      const quiet = [ids.mineQuiet, ids.theirsQuiet, ids.theirsCommented];
      await t.app.db.update(leads).set({ createdAt: at('2024-03-10T12:00:00Z'), updatedAt: at('2024-03-10T12:00:00Z') }).where(inArray(leads.id, quiet));
      await t.app.db.update(leads).set({ createdAt: at('2024-03-10T22:30:00Z') }).where(eq(leads.id, ids.mineLate));
      await t.app.db.update(leadHistory).set({ createdAt: at('2024-03-10T12:00:00Z') }).where(inArray(leadHistory.leadId, quiet));
      // A recent comment is activity, though the lead's row is old.
      await t.app.db.insert(leadComments).values({ leadId: ids.theirsCommented, body: '<p>Перезвонил</p>' });

      // Overdue: an open task due yesterday on mineQuiet and theirsQuiet; a done one on mineBusy; a future one on mineLate.
      const day = 24 * 3600 * 1000;
      const task = (leadId: number, dueAt: Date, doneAt: Date | null = null) => ({ leadId, type: 'call', title: 'Позвонить', dueAt, assigneeId: operatorId, doneAt });
      await t.app.db.insert(tasks).values([
        task(ids.mineQuiet, new Date(Date.now() - day)),
        task(ids.theirsQuiet, new Date(Date.now() - day)),
        task(ids.mineBusy, new Date(Date.now() - day), new Date()),
        task(ids.mineLate, new Date(Date.now() + day)),
      ]);
    });
    after(async () => t.close());

    const nameOf = (id: number) => Object.keys(ids).find((key) => ids[key] === id);
    async function listed(query: string, headers = admin): Promise<string[]> {
      const response = await t.app.inject({ method: 'GET', url: `/api/leads?search=${encodeURIComponent(SURNAME)}&per_page=100&${query}`, headers });
      assert.equal(response.statusCode, 200, response.body);
      return (response.json().data as { id: number }[]).map((lead) => nameOf(lead.id)!).sort();
    }
    async function exported(query: string, headers = admin): Promise<string[]> {
      const response = await t.app.inject({ method: 'GET', url: `/api/leads/export?search=${encodeURIComponent(SURNAME)}&${query}`, headers });
      assert.equal(response.statusCode, 200, response.body);
      return parseCsv(response.body.replace(/^\uFEFF/, '')).rows.map((row) => nameOf(Number(row.cells[0]))!).sort();
    }
    /** The list and the export agree, for the admin (every lead) and the operator (their own). */
    async function expect(query: string, all: string[], own: string[]) {
      assert.deepEqual(await listed(query), [...all].sort(), `admin list ?${query}`);
      assert.deepEqual(await exported(query), [...all].sort(), `admin export ?${query}`);
      assert.deepEqual(await listed(query, operator), [...own].sort(), `operator list ?${query}`);
      assert.deepEqual(await exported(query, operator), [...own].sort(), `operator export ?${query}`);
    }

    test('created_from/created_to: whole days, inclusive, read in tz', async () => {
      await expect('created_from=2024-03-10&created_to=2024-03-10&tz=UTC', ['mineQuiet', 'mineLate', 'theirsQuiet', 'theirsCommented'], ['mineQuiet', 'mineLate']);
      // 22:30 UTC on the 10th is the 11th in Moscow.
      await expect('created_from=2024-03-10&created_to=2024-03-10&tz=Europe/Moscow', ['mineQuiet', 'theirsQuiet', 'theirsCommented'], ['mineQuiet']);
      await expect('created_from=2024-03-11&tz=Europe/Moscow', ['mineBusy', 'mineLate'], ['mineBusy', 'mineLate']);
      await expect('created_to=2024-03-09&tz=UTC', [], []);
    });

    test('updated_from/updated_to', async () => {
      await expect('updated_to=2024-12-31&tz=UTC', ['mineQuiet', 'theirsQuiet', 'theirsCommented'], ['mineQuiet']);
      const today = new Date().toISOString().slice(0, 10);
      await expect(`updated_from=${today}&tz=UTC`, ['mineBusy', 'mineLate'], ['mineBusy', 'mineLate']);
    });

    test('inactive_days: no update, comment or history entry since', async () => {
      await expect('inactive_days=30', ['mineQuiet', 'theirsQuiet'], ['mineQuiet']);
      await expect('inactive_days=3650', [], []);
    });

    test('no_user=1: nobody responsible', async () => {
      await expect('no_user=1', ['mineQuiet', 'theirsQuiet', 'theirsCommented'], ['mineQuiet']);
      await expect('no_user=0', ['mineQuiet', 'mineBusy', 'mineLate', 'theirsQuiet', 'theirsCommented'], ['mineQuiet', 'mineBusy', 'mineLate']);
    });

    test('overdue_tasks=1: an open task past due (a done or future one does not count)', async () => {
      await expect('overdue_tasks=1', ['mineQuiet', 'theirsQuiet'], ['mineQuiet']);
      await expect('overdue_tasks=1&no_user=1&inactive_days=30&created_to=2024-03-10&tz=UTC', ['mineQuiet', 'theirsQuiet'], ['mineQuiet']);
    });

    test('422 by field, in the list and the export', async () => {
      for (const path of ['/api/leads', '/api/leads/export']) {
        const bad = await t.app.inject({ method: 'GET', url: `${path}?created_from=2024-02-30&updated_to=yesterday&tz=Mars/Olympus&inactive_days=0&no_user=2&overdue_tasks=yes`, headers: admin });
        assert.equal(bad.statusCode, 422, path);
        assert.deepEqual(Object.keys(bad.json().errors).sort(), ['created_from', 'inactive_days', 'no_user', 'overdue_tasks', 'tz', 'updated_to'], path);
        const crossed = await t.app.inject({ method: 'GET', url: `${path}?created_from=2024-03-10&created_to=2024-03-01&updated_from=2024-03-10&updated_to=2024-03-09&no_user=1&user_id=${operatorId}`, headers: admin });
        assert.equal(crossed.statusCode, 422, path);
        assert.deepEqual(Object.keys(crossed.json().errors).sort(), ['created_to', 'no_user', 'updated_to'], path);
        // An offset is refused, not read: PostgreSQL takes '+03:00' as POSIX, three hours the other way.
        const offset = await t.app.inject({ method: 'GET', url: `${path}?created_from=2024-03-10&tz=${encodeURIComponent('+03:00')}`, headers: admin });
        assert.equal(offset.statusCode, 422, path);
        assert.deepEqual(Object.keys(offset.json().errors), ['tz'], path);
      }
    });
  });
}
