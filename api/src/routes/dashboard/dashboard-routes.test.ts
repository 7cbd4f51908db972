import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Dashboard, LeadStatus } from '@crm/shared/schemas';
import { leadHistory } from '../../db/schema/lead-history';
import { tasks } from '../../db/schema/tasks';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createRole, createTeam, createUser, nextPhone } from '../../test/fixtures';

const PERIOD = 'from=2026-03-01&to=2026-03-10&tz=Europe/Moscow';
const at = (iso: string) => new Date(iso);
const DAY = 86_400;

/**
 * Six leads around a ten-day period in Moscow time (UTC+3), with known status changes and tasks, so every figure has
 * an exact expected value: L4 and L6 are created just outside the period, L5 has no status.
 */
for (const driver of testDrivers()) {
  describe(`GET /api/dashboard (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let anna: Record<string, string>;
    let boris: Record<string, string>;
    let mila: Record<string, string>;
    let noDashboard: Record<string, string>;
    let annaId: number;
    let borisId: number;
    let north: number;
    let south: number;
    let s: LeadStatus[];

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      const a = await createUser(t, { email: 'anna@test.local', role: 'Operator', name: 'Анна' });
      const b = await createUser(t, { email: 'boris@test.local', role: 'Operator', name: 'Борис' });
      const m = await createUser(t, { email: 'mila@test.local', role: 'Manager', name: 'Мила' });
      await createRole(t, 'Leads only', [{ action: 'view', subject: 'lead' }], 'all');
      const n = await createUser(t, { email: 'nodash@test.local', role: 'Leads only' });
      [annaId, borisId] = [a.id, b.id];
      [anna, boris, mila, noDashboard] = [bearer(await a.token()), bearer(await b.token()), bearer(await m.token()), bearer(await n.token())];
      north = await createTeam(t, 'Север', [m.id, a.id]);
      south = await createTeam(t, 'Юг', [b.id]);
      s = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data;
      const adminUser = (await t.app.userRepository.findByEmail('admin@test.local'))!;
      const lead = (createdAt: string, createdBy: number, users: number[], statusId: number | null) => ({
        surname: 'Тестов',
        firstname: 'Тест',
        phone: nextPhone(),
        statusId,
        createdBy,
        createdAt: at(createdAt),
        users,
      });
      const [l1, l2, l3, l4] = await t.app.leadSeedRepository.insertMany([
        lead('2026-03-01T21:30:00Z', annaId, [annaId], s[2].id), // 2 March in Moscow
        lead('2026-03-02T10:00:00Z', annaId, [annaId, borisId], s[1].id),
        lead('2026-03-05T12:00:00Z', borisId, [borisId], s[0].id),
        lead('2026-02-28T20:59:00Z', borisId, [borisId], s[1].id), // 28 February, 23:59 in Moscow
        lead('2026-03-10T20:00:00Z', adminUser.id, [], null), // 10 March, 23:00
        lead('2026-03-10T21:00:00Z', adminUser.id, [], s[0].id), // 11 March, 00:00
      ]);
      const change = (leadId: number, from: number, to: number, createdAt: string, action: 'status_changed' | 'updated' = 'status_changed') => ({
        leadId,
        userId: annaId,
        action,
        changes: { status_id: { from, to } },
        createdAt: at(createdAt),
      });
      await t.app.db.insert(leadHistory).values([
        change(l1, s[0].id, s[1].id, '2026-03-03T00:00:00Z'),
        change(l1, s[1].id, s[2].id, '2026-03-05T00:00:00Z', 'updated'),
        change(l2, s[0].id, s[1].id, '2026-03-04T10:00:00Z'),
        change(l4, s[0].id, s[1].id, '2026-03-06T20:59:00Z'),
        // L3 skips to Отказ and comes back: a stay in Новый of 12 h ending elsewhere than the next status, one of a day in Отказ.
        change(l3, s[0].id, s[3].id, '2026-03-06T00:00:00Z'),
        change(l3, s[3].id, s[0].id, '2026-03-07T00:00:00Z'),
        // Not a status change: ignored.
        { leadId: l3, userId: borisId, action: 'updated', changes: { surname: { from: 'А', to: 'Б' } }, createdAt: at('2026-03-06T00:00:00Z') },
      ]);
      const task = (leadId: number | null, assigneeId: number, dueAt: string, done = false) => ({
        leadId,
        type: 'call',
        title: 'Позвонить',
        dueAt: at(dueAt),
        assigneeId,
        createdBy: assigneeId,
        doneAt: done ? at('2020-01-02T00:00:00Z') : null,
      });
      await t.app.db.insert(tasks).values([
        task(l1, annaId, '2020-01-01T00:00:00Z'),
        task(l3, borisId, '2020-01-01T00:00:00Z'),
        task(l3, borisId, '2020-01-01T00:00:00Z', true),
        task(null, borisId, '2020-01-01T00:00:00Z'),
        task(l1, annaId, '2099-01-01T00:00:00Z'),
      ]);
    });
    after(() => t.close());

    const get = async (headers: Record<string, string>, query = PERIOD) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/dashboard?${query}`, headers });
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data as Dashboard;
    };
    const counts = (rows: { status_id: number | null; count: number }[]) => rows.map((r) => [r.status_id, r.count]);
    const medians = (d: Dashboard) => d.time_in_status.map((r) => [r.status_id, r.median_seconds, r.stays]);

    test('Admin (all scope): every figure of the period, days cut in the given zone', async () => {
      const d = await get(admin);
      assert.deepEqual([d.from, d.to, d.tz, d.team_id], ['2026-03-01', '2026-03-10', 'Europe/Moscow', null]);
      assert.deepEqual(d.teams.map((x) => x.name), ['Север', 'Юг']);
      assert.equal(d.total_new, 4);
      assert.equal(d.new_leads.length, 10);
      assert.deepEqual(
        d.new_leads.filter((x) => x.count > 0),
        [
          { date: '2026-03-02', count: 2 },
          { date: '2026-03-05', count: 1 },
          { date: '2026-03-10', count: 1 },
        ],
      );
      assert.deepEqual(counts(d.funnel), [
        [null, 1],
        [s[0].id, 1],
        [s[1].id, 1],
        [s[2].id, 1],
        [s[3].id, 0],
        [s[4].id, 0],
      ]);
      assert.equal(d.funnel[0].name, 'Без статуса');
      // Exits from Новый: L1, L2 and L4 to В работе, L3 to Отказ.
      assert.deepEqual(
        d.conversion.map((c) => [c.from_status_id, c.to_status_id, c.exits, c.converted, c.rate]),
        [
          [s[0].id, s[1].id, 4, 3, 0.75],
          [s[1].id, s[2].id, 1, 1, 1],
          [s[2].id, s[3].id, 0, 0, null],
          [s[3].id, s[4].id, 1, 0, 0],
        ],
      );
      // Stays in Новый: 12 h (L3), 26.5 h (L1), 2 days (L2), 6 days (L4, created before the period, left it inside).
      assert.deepEqual(medians(d), [
        [s[0].id, (26.5 * 3600 + 2 * DAY) / 2, 4],
        [s[1].id, 2 * DAY, 1],
        [s[2].id, null, 0],
        [s[3].id, DAY, 1],
        [s[4].id, null, 0],
      ]);
      assert.deepEqual(d.by_user, [
        { user_id: annaId, name: 'Анна', count: 2 },
        { user_id: borisId, name: 'Борис', count: 2 },
      ]);
      // Борис's standalone task is his own: the Admin sees the tasks of every lead, not other users' standalone ones.
      assert.deepEqual(d.overdue_tasks, [
        { user_id: annaId, name: 'Анна', count: 1 },
        { user_id: borisId, name: 'Борис', count: 1 },
      ]);
    });

    test('an Operator sees only the leads they created or are responsible for, and their tasks', async () => {
      const d = await get(anna);
      assert.deepEqual(d.teams.map((x) => x.name), ['Север']);
      assert.equal(d.total_new, 2);
      assert.deepEqual(d.new_leads.filter((x) => x.count > 0), [{ date: '2026-03-02', count: 2 }]);
      assert.deepEqual(counts(d.funnel.filter((r) => r.count > 0)), [
        [s[1].id, 1],
        [s[2].id, 1],
      ]);
      assert.deepEqual(medians(d).slice(0, 2), [
        [s[0].id, (26.5 * 3600 + 2 * DAY) / 2, 2],
        [s[1].id, 2 * DAY, 1],
      ]);
      assert.deepEqual(d.by_user.map((u) => [u.name, u.count]), [
        ['Анна', 2],
        ['Борис', 1],
      ]);
      assert.deepEqual(d.overdue_tasks, [{ user_id: annaId, name: 'Анна', count: 1 }]);

      const b = await get(boris);
      assert.equal(b.total_new, 2);
      assert.deepEqual(b.overdue_tasks, [{ user_id: borisId, name: 'Борис', count: 2 }]);
      assert.deepEqual(medians(b)[0], [s[0].id, 2 * DAY, 3]);
    });

    test("a Manager (team scope) sees the team's leads, and may filter by their own team only", async () => {
      const d = await get(mila);
      assert.equal(d.total_new, 2);
      assert.deepEqual(d.teams, [{ id: north, name: 'Север' }]);
      assert.equal((await get(mila, `${PERIOD}&team_id=${north}`)).total_new, 2);
      const other = await t.app.inject({ method: 'GET', url: `/api/dashboard?${PERIOD}&team_id=${south}`, headers: mila });
      assert.equal(other.statusCode, 422);
      assert.deepEqual(other.json().errors, { team_id: ['Неизвестная команда'] });
    });

    test('a team filter keeps the leads its members created or are responsible for, and their tasks', async () => {
      const d = await get(admin, `${PERIOD}&team_id=${south}`);
      assert.equal(d.team_id, south);
      assert.equal(d.total_new, 2);
      assert.deepEqual(d.overdue_tasks, [{ user_id: borisId, name: 'Борис', count: 1 }]);
      // The stays of the team's leads are those its one member sees in his own scope: created by him or his.
      const b = await get(boris);
      assert.deepEqual(medians(d), medians(b));
      assert.deepEqual(d.conversion, b.conversion);
      assert.deepEqual(medians(d)[0], [s[0].id, 2 * DAY, 3]);
      // A Manager's team scope and a team filter together: only the leads in both.
      const m = await get(mila, `${PERIOD}&team_id=${north}`);
      assert.deepEqual(medians(m), medians(await get(anna)));
      const empty = await createTeam(t, 'Пустая', []);
      const none = await get(admin, `${PERIOD}&team_id=${empty}`);
      assert.equal(none.total_new, 0);
      assert.deepEqual(none.overdue_tasks, []);
    });

    test('a funnel bar links to a list filter that counts the same leads, with or without a team', async () => {
      for (const [headers, team] of [
        [admin, ''],
        [admin, `&team_id=${south}`],
        [anna, ''],
      ] as const) {
        const d = await get(headers, `${PERIOD}${team}`);
        for (const bar of d.funnel) {
          const status = bar.status_id === null ? 'none' : bar.status_id;
          const list = await t.app.inject({ method: 'GET', url: `/api/leads?status_id=${status}&created_from=${d.from}&created_to=${d.to}&tz=${d.tz}${team}`, headers });
          assert.equal(list.statusCode, 200, list.body);
          assert.equal(list.json().meta.total, bar.count, `status ${status}${team}`);
        }
      }
      const southList = await t.app.inject({ method: 'GET', url: `/api/leads?team_id=${south}`, headers: admin });
      assert.equal(southList.json().meta.total, 3);
      const annaList = await t.app.inject({ method: 'GET', url: `/api/leads?user_id=${annaId}&created_from=2026-03-01&created_to=2026-03-10&tz=Europe/Moscow`, headers: admin });
      assert.equal(annaList.json().meta.total, 2);
      const bad = await t.app.inject({ method: 'GET', url: '/api/leads?created_from=2026-02-30&tz=Mars/Olympus', headers: admin });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(Object.keys(bad.json().errors).sort(), ['created_from', 'tz']);
    });

    test('without a period: the last 30 days to today in the server zone', async () => {
      const d = await get(admin, '');
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: d.tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
      assert.equal(d.to, today);
      assert.equal(d.new_leads.length, 30);
      assert.equal(d.new_leads[0].date, d.from);
    });

    test('422 by field: bad days, a reversed or too long period, an unknown zone or team', async () => {
      const errors = async (query: string) => {
        const response = await t.app.inject({ method: 'GET', url: `/api/dashboard?${query}`, headers: admin });
        assert.equal(response.statusCode, 422, response.body);
        return response.json().errors;
      };
      assert.deepEqual(Object.keys(await errors('from=2026-02-30&to=yesterday&tz=Mars/Olympus&team_id=x')).sort(), ['from', 'team_id', 'to', 'tz']);
      assert.deepEqual(await errors('from=2026-03-10&to=2026-03-01'), { from: ['Начало периода позже его конца'] });
      assert.deepEqual(await errors('from=2025-01-01&to=2026-01-02'), { to: ['Период не длиннее 366 дней'] });
      assert.equal((await get(admin, 'from=2025-01-01&to=2026-01-01')).new_leads.length, 366);
      assert.deepEqual(await errors('team_id=999999'), { team_id: ['Неизвестная команда'] });
    });

    test('401 without a session, 403 for a role without view dashboard', async () => {
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode, 401);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: noDashboard })).statusCode, 403);
    });

    // Last: it deletes the permission and lets the migration put it back.
    test('migration 0021 grants view dashboard to every role of an existing database', async () => {
      const holders = async () =>
        (
          (await t.app.db.execute(
            sql`select r.name from roles r join role_permissions rp on rp.role_id = r.id join permissions p on p.id = rp.permission_id
                where p.action = 'view' and p.subject = 'dashboard' order by r.name`,
          )) as unknown as { rows: { name: string }[] }
        ).rows.map((row) => row.name);
      // A database from before 0021: no `view dashboard` at all (deleting it drops its grants too).
      await t.app.db.execute(sql`delete from permissions where action = 'view' and subject = 'dashboard'`);
      assert.deepEqual(await holders(), []);
      const migration = await readFile(new URL('../../../drizzle/0021_dashboard.sql', import.meta.url), 'utf8');
      // Its data statements (the last two), twice: a second run changes nothing.
      for (let run = 0; run < 2; run += 1) {
        for (const statement of migration.split('--> statement-breakpoint').slice(-2)) await t.app.db.execute(sql.raw(statement));
      }
      assert.deepEqual(await holders(), ['Admin', 'Leads only', 'Manager', 'Operator']);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: anna })).statusCode, 200);
    });
  });
}
