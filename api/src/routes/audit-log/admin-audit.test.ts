import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AdminUser, AuditEntry, Permission, Role, Team } from '@crm/shared/schemas';
import { roleIdsByName } from '../../db/seed';
import { bearer, buildTestApp, TEST_ADMIN, type TestApp, testDrivers } from '../../test/build-test-app';
import { createUser } from '../../test/fixtures';

type Headers = Record<string, string>;

for (const driver of testDrivers()) {
  describe(`audit log of users, roles, permissions and teams (${driver})`, () => {
    let t: TestApp;
    let admin: Headers;
    let adminId: number;
    let roleIds: Record<string, number>;

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      adminId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin })).json().userData.id;
      roleIds = await roleIdsByName(t.app.db, ['Manager', 'Operator']);
    });
    after(() => t.close());

    const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const response = await t.app.inject({ method, url, headers: admin, payload, remoteAddress: '198.51.100.7' });
      assert.ok(response.statusCode < 300, `${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json() as { data: unknown };
    };
    /** The newest entry of the action about the subject, as the audit-log page reads it. */
    async function entryOf(action: string, subjectId: number): Promise<AuditEntry> {
      const response = await t.app.inject({ method: 'GET', url: `/api/audit-log?action=${action}&per_page=100`, headers: admin });
      assert.equal(response.statusCode, 200, response.body);
      const entry = (response.json().data as AuditEntry[]).find((e) => e.subject_id === String(subjectId));
      assert.ok(entry, `no ${action} entry for ${subjectId}`);
      assert.equal(entry.actor.id, adminId);
      assert.equal(entry.actor.email, TEST_ADMIN.email);
      assert.equal(entry.ip, '198.51.100.7');
      return entry;
    }

    test('users: create, update, deactivate, activate and a forced password reset', async () => {
      const created = (
        await send('POST', '/api/users', { name: 'Аудитов', first_name: 'Олег', email: 'audited@test.local', role_id: roleIds.Operator, team_ids: [] })
      ).data as AdminUser;
      const create = await entryOf('user.create', created.id);
      assert.equal(create.subject_type, 'user');
      assert.equal(create.before, null);
      assert.deepEqual(create.after, {
        email: 'audited@test.local',
        first_name: 'Олег',
        name: 'Аудитов',
        role: { id: roleIds.Operator, name: 'Operator' },
        teams: [],
        active: true,
        version: created.version,
      });

      const updated = (
        await send('PUT', `/api/users/${created.id}`, {
          name: 'Аудитов',
          first_name: 'Олег',
          email: 'audited@test.local',
          role_id: roleIds.Manager,
          team_ids: [],
          version: created.version,
        })
      ).data as AdminUser;
      const update = await entryOf('user.update', created.id);
      assert.deepEqual((update.before as AdminUser).role, { id: roleIds.Operator, name: 'Operator' });
      assert.deepEqual((update.after as AdminUser).role, { id: roleIds.Manager, name: 'Manager' });
      assert.equal((update.after as AdminUser).version, updated.version);

      await send('POST', `/api/users/${created.id}/status`, { active: false });
      const deactivate = await entryOf('user.deactivate', created.id);
      assert.deepEqual([deactivate.before, deactivate.after], [{ active: true }, { active: false }]);
      await send('POST', `/api/users/${created.id}/status`, { active: true });
      const activate = await entryOf('user.activate', created.id);
      assert.deepEqual([activate.before, activate.after], [{ active: false }, { active: true }]);

      await send('POST', `/api/users/${created.id}/password-reset`);
      const reset = await entryOf('user.password_reset_forced', created.id);
      assert.deepEqual(reset.after, { email: 'audited@test.local' });
      // Nothing about a password is ever kept.
      assert.doesNotMatch(JSON.stringify([create, update, reset]), /password_hash|argon/i);
    });

    test('a status that does not change records nothing', async () => {
      const user = await createUser(t, { email: 'steady@test.local', role: 'Operator' });
      await send('POST', `/api/users/${user.id}/status`, { active: true });
      const response = await t.app.inject({ method: 'GET', url: '/api/audit-log?action=user.activate&per_page=100', headers: admin });
      assert.ok(!(response.json().data as AuditEntry[]).some((e) => e.subject_id === String(user.id)));
    });

    test('roles: create, update with before and after, delete', async () => {
      const permissions = (await t.app.inject({ method: 'GET', url: '/api/permissions', headers: admin })).json().data as Permission[];
      const viewLead = permissions.find((p) => p.action === 'view' && p.subject === 'lead')!;
      const assignLead = permissions.find((p) => p.action === 'assign' && p.subject === 'lead')!;

      const role = (await send('POST', '/api/roles', { name: 'Аудитор', lead_scope: 'own', permission_ids: [viewLead.id] })).data as Role;
      const create = await entryOf('role.create', role.id);
      assert.equal(create.subject_type, 'role');
      assert.deepEqual(create.after, {
        name: 'Аудитор',
        lead_scope: 'own',
        permissions: [{ action: 'view', subject: 'lead' }],
        permission_ids: [viewLead.id],
        two_factor_required: false,
        version: role.version,
      });

      await send('PUT', `/api/roles/${role.id}`, { name: 'Аудитор', lead_scope: 'team', permission_ids: [viewLead.id, assignLead.id], version: role.version });
      const update = await entryOf('role.update', role.id);
      const grants = (side: unknown) => {
        const { lead_scope, permissions: granted } = side as Role;
        return { lead_scope, permissions: granted.map((p) => `${p.action} ${p.subject}`).sort() };
      };
      assert.deepEqual(grants(update.before), { lead_scope: 'own', permissions: ['view lead'] });
      assert.deepEqual(grants(update.after), { lead_scope: 'team', permissions: ['assign lead', 'view lead'] });

      await send('DELETE', `/api/roles/${role.id}`);
      const remove = await entryOf('role.delete', role.id);
      assert.equal((remove.before as Role).name, 'Аудитор');
      assert.equal(remove.after, null);
    });

    test('a refused change records nothing', async () => {
      const role = (await send('POST', '/api/roles', { name: 'Занятая', lead_scope: 'own', permission_ids: [] })).data as Role;
      const holder = await createUser(t, { email: 'holder@test.local', role: 'Operator' });
      await t.app.userRepository.update(holder.id, { name: 'holder', first_name: 'holder', email: 'holder@test.local', role_id: role.id, team_ids: [], version: 1 });
      const refused = await t.app.inject({ method: 'DELETE', url: `/api/roles/${role.id}`, headers: admin });
      assert.equal(refused.statusCode, 409);
      const response = await t.app.inject({ method: 'GET', url: '/api/audit-log?action=role.delete&per_page=100', headers: admin });
      assert.ok(!(response.json().data as AuditEntry[]).some((e) => e.subject_id === String(role.id)));
      const stale = await t.app.inject({ method: 'PUT', url: `/api/roles/${role.id}`, headers: admin, payload: { name: 'Другая', lead_scope: 'own', permission_ids: [], version: 99 } });
      assert.equal(stale.statusCode, 409);
      const updates = await t.app.inject({ method: 'GET', url: '/api/audit-log?action=role.update&per_page=100', headers: admin });
      assert.ok(!(updates.json().data as AuditEntry[]).some((e) => e.subject_id === String(role.id)));
    });

    test('permissions: create, rename, delete', async () => {
      const permission = (await send('POST', '/api/permissions', { action: 'assign', subject: 'document', name: 'Передавать документы' })).data as Permission;
      const create = await entryOf('permission.create', permission.id);
      assert.equal(create.subject_type, 'permission');
      assert.deepEqual(create.after, { action: 'assign', subject: 'document', name: 'Передавать документы' });

      await send('PUT', `/api/permissions/${permission.id}`, { action: 'assign', subject: 'document', name: 'Передача документов' });
      const update = await entryOf('permission.update', permission.id);
      assert.deepEqual([update.before, update.after], [
        { action: 'assign', subject: 'document', name: 'Передавать документы' },
        { action: 'assign', subject: 'document', name: 'Передача документов' },
      ]);

      await send('DELETE', `/api/permissions/${permission.id}`);
      const remove = await entryOf('permission.delete', permission.id);
      assert.deepEqual(remove.before, { action: 'assign', subject: 'document', name: 'Передача документов' });
    });

    test('teams: create, update with members before and after, delete', async () => {
      const anna = await createUser(t, { email: 'anna.team@test.local', role: 'Operator', name: 'Анна' });
      const boris = await createUser(t, { email: 'boris.team@test.local', role: 'Operator', name: 'Борис' });
      const team = (await send('POST', '/api/teams', { name: 'Аудит-команда', description: '', lead_id: anna.id, member_ids: [anna.id] })).data as Team;
      const create = await entryOf('team.create', team.id);
      assert.equal(create.subject_type, 'team');
      assert.deepEqual(create.after, {
        name: 'Аудит-команда',
        description: '',
        lead: { id: anna.id, name: 'Анна' },
        members: [{ id: anna.id, name: 'Анна' }],
        version: team.version,
      });

      await send('PUT', `/api/teams/${team.id}`, { name: 'Аудит-команда 2', description: 'Новая', lead_id: anna.id, member_ids: [anna.id, boris.id], version: team.version });
      const update = await entryOf('team.update', team.id);
      assert.deepEqual((update.before as Team).members, [{ id: anna.id, name: 'Анна' }]);
      assert.deepEqual((update.after as Team).members, [
        { id: anna.id, name: 'Анна' },
        { id: boris.id, name: 'Борис' },
      ]);
      assert.equal((update.after as Team).name, 'Аудит-команда 2');

      await send('DELETE', `/api/teams/${team.id}`);
      const remove = await entryOf('team.delete', team.id);
      assert.equal((remove.before as Team).name, 'Аудит-команда 2');
    });

    test('the action filter offers user.activate', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/audit-log?action=user.activate', headers: admin });
      assert.equal(response.statusCode, 200);
    });
  });
}
