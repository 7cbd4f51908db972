import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { auditLog } from '../../db/schema/audit-log';
import { savedViews } from '../../db/schema/saved-views';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createRole, createTeam, createUser } from '../../test/fixtures';

for (const driver of testDrivers()) {
  describe(`saved views (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let manager: Record<string, string>;
    let managerId: number;
    let teammate: Record<string, string>;
    let outsider: Record<string, string>;
    let operator: Record<string, string>;
    let teamId: number;
    let otherTeamId: number;

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      const m = await createUser(t, { email: 'sv-manager@test.local', role: 'Manager', firstName: 'Мария', name: 'Петрова' });
      managerId = m.id;
      manager = bearer(await m.token());
      const mate = await createUser(t, { email: 'sv-mate@test.local', role: 'Operator' });
      teammate = bearer(await mate.token());
      const out = await createUser(t, { email: 'sv-out@test.local', role: 'Operator' });
      outsider = bearer(await out.token());
      const op = await createUser(t, { email: 'sv-operator@test.local', role: 'Operator' });
      operator = bearer(await op.token());
      teamId = await createTeam(t, 'Продажи', [m.id, mate.id]);
      otherTeamId = await createTeam(t, 'Поддержка', [out.id]);
    });
    after(async () => t.close());

    const call = (headers: Record<string, string>, options: InjectOptions) => t.app.inject({ ...options, headers });
    const create = (headers: Record<string, string>, payload: Record<string, unknown>) => call(headers, { method: 'POST', url: '/api/saved-views', payload });
    const names = async (headers: Record<string, string>) =>
      ((await call(headers, { method: 'GET', url: '/api/saved-views' })).json().data as { name: string }[]).map((v) => v.name);

    test('401 without a token and 403 without view lead, on every route', async () => {
      await createRole(t, 'NoLeads', [{ action: 'view', subject: 'document' }]);
      const u = await createUser(t, { email: 'sv-noleads@test.local', role: 'NoLeads' });
      const headers = bearer(await u.token());
      const routes: InjectOptions[] = [
        { method: 'GET', url: '/api/saved-views' },
        { method: 'POST', url: '/api/saved-views', payload: { name: 'x', query: {} } },
        { method: 'GET', url: '/api/saved-views/1' },
        { method: 'PATCH', url: '/api/saved-views/1', payload: { version: 1, name: 'y' } },
        { method: 'DELETE', url: '/api/saved-views/1' },
      ];
      for (const route of routes) {
        assert.equal((await t.app.inject(route)).statusCode, 401, `${route.method} ${route.url}`);
        assert.equal((await t.app.inject({ ...route, headers })).statusCode, 403, `${route.method} ${route.url}`);
      }
    });

    test('a personal view: created with the validated query, listed for its owner only, renamed with its version, 409 when stale, deleted; audited', async () => {
      const created = await create(operator, { name: '  Мои новые  ', query: { status_id: 'none', no_user: '1', sort: '-updated_at', per_page: 50, view: 'kanban' } });
      assert.equal(created.statusCode, 201, created.body);
      const view = created.json().data;
      assert.equal(view.name, 'Мои новые');
      assert.equal(view.visibility, 'personal');
      assert.equal(view.team, null);
      assert.equal(view.own, true);
      assert.deepEqual(view.query, { status_id: 'none', no_user: '1', sort: '-updated_at', per_page: 50, view: 'kanban' });
      assert.deepEqual(await names(operator), ['Мои новые']);
      assert.deepEqual(await names(outsider), []);
      // Another's personal view answers as if it did not exist, for reading, changing and deleting.
      assert.equal((await call(outsider, { method: 'GET', url: `/api/saved-views/${view.id}` })).statusCode, 404);
      assert.equal((await call(outsider, { method: 'PATCH', url: `/api/saved-views/${view.id}`, payload: { version: 1, name: 'Чужой' } })).statusCode, 404);
      assert.equal((await call(outsider, { method: 'DELETE', url: `/api/saved-views/${view.id}` })).statusCode, 404);
      assert.equal((await call(admin, { method: 'DELETE', url: `/api/saved-views/${view.id}` })).statusCode, 404);

      const renamed = await call(operator, { method: 'PATCH', url: `/api/saved-views/${view.id}`, payload: { version: 1, name: 'Без ответственного' } });
      assert.equal(renamed.statusCode, 200, renamed.body);
      assert.equal(renamed.json().data.name, 'Без ответственного');
      assert.equal(renamed.json().data.version, 2);
      const stale = await call(operator, { method: 'PATCH', url: `/api/saved-views/${view.id}`, payload: { version: 1, name: 'Старое' } });
      assert.equal(stale.statusCode, 409);
      assert.equal(stale.json().code, 'CONFLICT');
      assert.equal((await call(operator, { method: 'GET', url: `/api/saved-views/${view.id}` })).json().data.name, 'Без ответственного');

      const deleted = await call(operator, { method: 'DELETE', url: `/api/saved-views/${view.id}` });
      assert.equal(deleted.statusCode, 200);
      assert.equal((await call(operator, { method: 'GET', url: `/api/saved-views/${view.id}` })).statusCode, 404);
      const actions = (await t.app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.subjectId, view.id)))
        .map((r) => r.action)
        .filter((a) => a.startsWith('saved_view.'));
      assert.deepEqual(actions.sort(), ['saved_view.create', 'saved_view.delete', 'saved_view.update']);
    });

    test('422 by field: name, a query the list would not take (unknown key, bad values), visibility, team', async () => {
      const bad = await create(operator, { name: '', query: { status_id: 'x', created_from: '2024-02-30', inactive_days: 0, sneaky: 'drop table' }, visibility: 'secret' });
      assert.equal(bad.statusCode, 422);
      const fields = Object.keys(bad.json().errors);
      for (const field of ['name', 'query.status_id', 'query.created_from', 'query.inactive_days', 'visibility']) assert.ok(fields.includes(field), `${field} in ${fields.join(', ')}`);
      // A key the list does not read is refused, not dropped: a shared view carries nothing else.
      assert.match(bad.json().errors.query.join(' '), /sneaky/);
      assert.equal((await create(operator, { name: 'x'.repeat(61), query: {} })).statusCode, 422);

      assert.equal((await create(operator, { name: 'Дубль', query: {} })).statusCode, 201);
      const duplicate = await create(operator, { name: 'дубль', query: {} });
      assert.equal(duplicate.statusCode, 422);
      assert.deepEqual(Object.keys(duplicate.json().errors), ['name']);
      // The same name is fine for someone else.
      assert.equal((await create(outsider, { name: 'Дубль', query: {} })).statusCode, 201);

      const noTeam = await create(manager, { name: 'Команде', query: {}, visibility: 'team' });
      assert.equal(noTeam.statusCode, 422);
      assert.deepEqual(Object.keys(noTeam.json().errors), ['team_id']);
      const unknownTeam = await create(manager, { name: 'Команде', query: {}, visibility: 'team', team_id: 999999 });
      assert.equal(unknownTeam.statusCode, 422);
      assert.deepEqual(Object.keys(unknownTeam.json().errors), ['team_id']);
      // A Manager shares only with a team they are in; an Admin (edit team) with any team.
      const notMine = await create(manager, { name: 'Чужой команде', query: {}, visibility: 'team', team_id: otherTeamId });
      assert.equal(notMine.statusCode, 422);
      assert.deepEqual(Object.keys(notMine.json().errors), ['team_id']);
      assert.equal((await create(admin, { name: 'Поддержке', query: {}, visibility: 'team', team_id: otherTeamId })).statusCode, 201);
    });

    test("the table's columns: kept in the table's order with the name; unknown ones 422 on query.columns; a view without them has none", async () => {
      const created = await create(operator, { name: 'Без телефона', query: { columns: 'created_at,status,status', per_page: '10' } });
      assert.equal(created.statusCode, 201, created.body);
      const view = created.json().data;
      // The same choice is always the same text, so the list sees no change when it opens the view.
      assert.deepEqual(view.query, { columns: 'name,status,created_at', per_page: 10, sort: '-created_at', view: 'table' });
      assert.equal((await call(operator, { method: 'GET', url: `/api/saved-views/${view.id}` })).json().data.query.columns, 'name,status,created_at');

      const unknown = await call(operator, { method: 'PATCH', url: `/api/saved-views/${view.id}`, payload: { version: view.version, query: { columns: 'phone,email,notes' } } });
      assert.equal(unknown.statusCode, 422);
      assert.deepEqual(unknown.json().errors, { 'query.columns': ['Неизвестные столбцы: email, notes'] });
      const empty = await create(operator, { name: 'Пустой', query: { columns: '' } });
      assert.equal(empty.statusCode, 422);
      assert.deepEqual(Object.keys(empty.json().errors), ['query.columns']);
      // Refused, the view is as it was.
      assert.equal((await call(operator, { method: 'GET', url: `/api/saved-views/${view.id}` })).json().data.version, view.version);

      const widened = await call(operator, { method: 'PATCH', url: `/api/saved-views/${view.id}`, payload: { version: view.version, query: { columns: 'phone' } } });
      assert.equal(widened.statusCode, 200, widened.body);
      assert.equal(widened.json().data.query.columns, 'name,phone');
      // A view saved before the chooser has no columns: the list shows its default set.
      const older = await create(operator, { name: 'Старый', query: { sort: 'surname' } });
      assert.equal(older.statusCode, 201);
      assert.equal('columns' in older.json().data.query, false);
    });

    test('sharing needs manage saved-views: 403 for an Operator, on create and on update', async () => {
      const shared = await create(operator, { name: 'Всем', query: {}, visibility: 'everyone' });
      assert.equal(shared.statusCode, 403);
      assert.equal(shared.json().code, 'FORBIDDEN');
      assert.equal((await create(operator, { name: 'Команде', query: {}, visibility: 'team', team_id: teamId })).statusCode, 403);
      const own = (await create(operator, { name: 'Пока моё', query: {} })).json().data;
      const share = await call(operator, { method: 'PATCH', url: `/api/saved-views/${own.id}`, payload: { version: own.version, visibility: 'everyone' } });
      assert.equal(share.statusCode, 403);
      const rows = await t.app.db.select().from(savedViews).where(eq(savedViews.id, own.id));
      assert.equal(rows[0].visibility, 'personal');
    });

    test('visibility: a team view is listed for the team\'s members only; an everyone view for all; only the owner changes them (403)', async () => {
      const teamView = await create(manager, { name: 'Просроченные задачи', query: { overdue_tasks: '1', sort: 'surname' }, visibility: 'team', team_id: teamId });
      assert.equal(teamView.statusCode, 201, teamView.body);
      assert.deepEqual(teamView.json().data.team, { id: teamId, name: 'Продажи' });
      const everyone = await create(manager, { name: 'Тихие 30 дней', query: { inactive_days: 30 }, visibility: 'everyone' });
      assert.equal(everyone.statusCode, 201);

      const mates = (await call(teammate, { method: 'GET', url: '/api/saved-views' })).json().data as { name: string; own: boolean; owner: { id: number; name: string } }[];
      const seen = mates.find((v) => v.name === 'Просроченные задачи');
      assert.ok(seen);
      assert.equal(seen.own, false);
      assert.deepEqual(seen.owner, { id: managerId, name: 'Мария Петрова' });
      assert.ok(mates.some((v) => v.name === 'Тихие 30 дней'));
      const outsiders = await names(outsider);
      assert.ok(!outsiders.includes('Просроченные задачи'));
      assert.ok(outsiders.includes('Тихие 30 дней'));
      assert.equal((await call(outsider, { method: 'GET', url: `/api/saved-views/${teamView.json().data.id}` })).statusCode, 404);

      // A member opens it but cannot change or delete it.
      const id = teamView.json().data.id;
      assert.equal((await call(teammate, { method: 'GET', url: `/api/saved-views/${id}` })).statusCode, 200);
      assert.equal((await call(teammate, { method: 'PATCH', url: `/api/saved-views/${id}`, payload: { version: 1, name: 'Моё' } })).statusCode, 403);
      assert.equal((await call(teammate, { method: 'DELETE', url: `/api/saved-views/${id}` })).statusCode, 403);

      // Made personal again, it leaves the team's tabs.
      const back = await call(manager, { method: 'PATCH', url: `/api/saved-views/${id}`, payload: { version: 1, visibility: 'personal' } });
      assert.equal(back.statusCode, 200, back.body);
      assert.equal(back.json().data.team, null);
      assert.ok(!(await names(teammate)).includes('Просроченные задачи'));
    });

    test("the caller's views come first in their order; moving one changes the order", async () => {
      const headers = bearer(await (await createUser(t, { email: 'sv-order@test.local', role: 'Operator' })).token());
      const a = (await create(headers, { name: 'А', query: {} })).json().data;
      const b = (await create(headers, { name: 'Б', query: {} })).json().data;
      assert.deepEqual([a.position, b.position], [0, 1]);
      const mine = async () => ((await call(headers, { method: 'GET', url: '/api/saved-views' })).json().data as { name: string; own: boolean }[]).filter((v) => v.own).map((v) => v.name);
      assert.deepEqual(await mine(), ['А', 'Б']);
      assert.equal((await call(headers, { method: 'PATCH', url: `/api/saved-views/${a.id}`, payload: { version: a.version, position: 5 } })).statusCode, 200);
      assert.deepEqual(await mine(), ['Б', 'А']);
    });

    test('migration 0022 grants manage saved-views to the Admin and Manager roles of an existing database, and to no other role', async () => {
      const holders = async () =>
        (
          (await t.app.db.execute(
            sql`select r.name from roles r join role_permissions rp on rp.role_id = r.id join permissions p on p.id = rp.permission_id
                where p.action = 'manage' and p.subject = 'saved-views' order by r.name`,
          )) as unknown as { rows: { name: string }[] }
        ).rows.map((row) => row.name);
      // A database from before 0022: no `manage saved-views` at all (deleting it drops its grants too).
      await t.app.db.execute(sql`delete from permissions where action = 'manage' and subject = 'saved-views'`);
      assert.deepEqual(await holders(), []);
      const migration = await readFile(new URL('../../../drizzle/0022_saved_views.sql', import.meta.url), 'utf8');
      // Its data statements (the last two), twice: a second run changes nothing.
      for (let run = 0; run < 2; run += 1) {
        for (const statement of migration.split('--> statement-breakpoint').slice(-2)) await t.app.db.execute(sql.raw(statement));
      }
      assert.deepEqual(await holders(), ['Admin', 'Manager']);
    });
  });
}
