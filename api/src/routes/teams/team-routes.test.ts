import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Team } from '@crm/shared/schemas';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, createUser, leadInput } from '../../test/fixtures';

for (const driver of testDrivers()) {
  describe(`teams (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
    });
    after(() => t.close());

    test('create, list with members and counts, search, edit over a version', async () => {
      const anna = await createUser(t, { email: 'anna.team@test.local', role: 'Manager', name: 'Анна' });
      const boris = await createUser(t, { email: 'boris.team@test.local', role: 'Operator', name: 'Борис' });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/teams',
        headers: admin,
        payload: { name: 'Север', description: 'Северный филиал', lead_id: anna.id, member_ids: [boris.id] },
      });
      assert.equal(created.statusCode, 201, created.body);
      const team: Team = created.json().data;
      // The lead counts as a member.
      assert.deepEqual(
        { lead: team.lead?.name, members: team.members.map((m) => m.name), count: team.members_count },
        { lead: 'Анна', members: ['Анна', 'Борис'], count: 2 },
      );
      await t.app.inject({ method: 'POST', url: '/api/teams', headers: admin, payload: { name: 'Юг' } });

      const found = await t.app.inject({ method: 'GET', url: `/api/teams?q=${encodeURIComponent('сев')}`, headers: admin });
      assert.deepEqual(found.json().data.map((x: Team) => x.name), ['Север']);
      assert.equal(found.json().meta.total, 1);

      const edit = { name: 'Север-2', description: '', lead_id: null, member_ids: [boris.id], version: team.version };
      const saved = await t.app.inject({ method: 'PUT', url: `/api/teams/${team.id}`, headers: admin, payload: edit });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.deepEqual(saved.json().data.members.map((m: { name: string }) => m.name), ['Борис']);
      const stale = await t.app.inject({ method: 'PUT', url: `/api/teams/${team.id}`, headers: admin, payload: edit });
      assert.equal(stale.statusCode, 409);
    });

    test('bad input: every field at once', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/teams', headers: admin, payload: { name: ' ', lead_id: 'x', member_ids: [0] } });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(Object.keys(response.json().errors).sort(), ['lead_id', 'member_ids.0', 'name'].sort());
      const unknown = await t.app.inject({ method: 'POST', url: '/api/teams', headers: admin, payload: { name: 'Призраки', lead_id: 999999, member_ids: [999998] } });
      assert.equal(unknown.statusCode, 422);
      assert.deepEqual(Object.keys(unknown.json().errors).sort(), ['lead_id', 'member_ids']);
    });

    test('membership feeds the "team" lead scope at once', async () => {
      const manager = await createUser(t, { email: 'scope.manager@test.local', role: 'Manager' });
      const operator = await createUser(t, { email: 'scope.operator@test.local', role: 'Operator' });
      const statusId = (await t.app.leadStatusRepository.list())[0].id;
      const lead = await createLeadVia(t, bearer(await operator.token()), leadInput(statusId));
      const managerHeaders = bearer(await manager.token());
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}`, headers: managerHeaders })).statusCode, 404);

      const team = await t.app.inject({ method: 'POST', url: '/api/teams', headers: admin, payload: { name: 'Общая', member_ids: [manager.id, operator.id] } });
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}`, headers: managerHeaders })).statusCode, 200);

      await t.app.inject({ method: 'DELETE', url: `/api/teams/${team.json().data.id}`, headers: admin });
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}`, headers: managerHeaders })).statusCode, 404);
    });

    test('a Manager (view team) may list but not create', async () => {
      const manager = bearer(await (await createUser(t, { email: 'viewer@test.local', role: 'Manager' })).token());
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/teams', headers: manager })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/teams', headers: manager, payload: { name: 'x' } })).statusCode, 403);
    });
  });
}
