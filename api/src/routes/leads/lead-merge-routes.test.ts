import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { LeadDetail, LeadDuplicatesResponse } from '@crm/shared/schemas';
import { queryRows } from '../../db/client';
import { LEAD_REFERENCES } from '../../repositories/lead/lead-references';
import type { DomainEvent } from '../../services/domain-events';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, createRole, createUser, leadInput } from '../../test/fixtures';

type Headers = Record<string, string>;

for (const driver of testDrivers()) {
  describe(`POST /api/leads/merge and GET /api/leads/duplicates (${driver})`, () => {
    let t: TestApp;
    let admin: Headers;
    let adminId: number;
    let manager: Headers;
    let managerId: number;
    let operator: Headers;
    let operatorId: number;
    let statuses: { id: number }[];
    const heard: DomainEvent[] = [];

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      adminId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin })).json().userData.id;
      const m = await createUser(t, { email: 'manager@test.local', role: 'Manager' });
      managerId = m.id;
      manager = bearer(await m.token());
      const o = await createUser(t, { email: 'operator@test.local', role: 'Operator' });
      operatorId = o.id;
      operator = bearer(await o.token());
      statuses = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data;
      t.app.domainEvents.onCommitted('lead.updated', (event) => void heard.push(event));
      t.app.domainEvents.onCommitted('lead.deleted', (event) => void heard.push(event));
    });
    after(() => t.close());

    const merge = (payload: object, headers: Headers = admin) => t.app.inject({ method: 'POST', url: '/api/leads/merge', headers, payload });
    const detail = async (id: number, headers: Headers = admin) => t.app.inject({ method: 'GET', url: `/api/leads/${id}`, headers });
    const pair = async (headers: Headers = admin, keepOverrides: Record<string, unknown> = {}, mergeOverrides: Record<string, unknown> = {}) => {
      const keep = await createLeadVia(t, headers, leadInput(statuses[0].id, keepOverrides));
      const other = await createLeadVia(t, headers, leadInput(statuses[1].id, mergeOverrides));
      return { keep, other };
    };
    const body = (keep: LeadDetail, other: LeadDetail, fields: Record<string, string> = {}) => ({
      keep_id: keep.id,
      merge_id: other.id,
      keep_version: keep.version,
      merge_version: other.version,
      fields,
    });
    const rowsOf = async (leadId: number) => {
      const counts: Record<string, number> = {};
      for (const ref of LEAD_REFERENCES) {
        const [row] = await queryRows<{ n: number | string }>(
          t.app.db,
          sql`select count(*) as n from ${sql.identifier(ref.table)} where ${sql.identifier(ref.column)} = ${leadId}`,
        );
        counts[ref.table] = Number(row.n);
      }
      return counts;
    };

    test('the kept lead takes the chosen fields, the union of users and stars, every comment and history entry; the other is gone', async () => {
      const { keep, other } = await pair(
        admin,
        { surname: 'Петров', firstname: 'Пётр', patronymic: '', phone: '+7 900 111-22-33', users: [managerId], additional_info: 'старый' },
        { surname: 'Петров', firstname: 'Пётр', patronymic: 'Ильич', phone: '+7 900 111-22-44', users: [managerId, operatorId], additional_info: 'новый' },
      );
      // Stars: the admin on both (one survives), the manager on the merged lead only.
      for (const [id, headers] of [[keep.id, admin], [other.id, admin], [other.id, manager]] as const) {
        assert.equal((await t.app.inject({ method: 'GET', url: `/api/leads/favorite/${id}`, headers })).statusCode, 200);
      }
      const [{ id: stepId }] = (await t.app.inject({ method: 'GET', url: '/api/comment-steps', headers: admin })).json().data;
      for (const [id, text] of [[keep.id, 'На оставшемся'], [other.id, 'На объединённом']] as const) {
        const r = await t.app.inject({ method: 'POST', url: `/api/leads/${id}/comments`, headers: admin, payload: { step_id: stepId, body: text } });
        assert.equal(r.statusCode, 201, r.body);
      }
      const keepBefore = (await detail(keep.id)).json().data as LeadDetail;
      const otherBefore = (await detail(other.id)).json().data as LeadDetail;
      const moved = await rowsOf(other.id);
      heard.length = 0;

      const r = await merge(body(keepBefore, otherBefore, { patronymic: 'merge', phone: 'merge', status_id: 'merge', additional_info: 'keep' }));
      assert.equal(r.statusCode, 200, r.body);
      const kept = r.json().data as LeadDetail;
      assert.equal(kept.id, keep.id);
      assert.equal(kept.surname, 'Петров');
      assert.equal(kept.patronymic, 'Ильич');
      assert.equal(kept.phone, otherBefore.phone);
      assert.equal(kept.status_id, statuses[1].id);
      assert.equal(kept.additional_info, 'старый');
      assert.deepEqual([...kept.users].sort((a, b) => a - b), [managerId, operatorId].sort((a, b) => a - b));
      assert.equal(kept.version, keepBefore.version + 1);
      assert.equal((await detail(other.id)).statusCode, 404);

      // The phone search finds the kept lead under the taken number.
      const twins = (await t.app.inject({ method: 'GET', url: `/api/leads/phone-duplicates?phone=${encodeURIComponent('89001112244')}`, headers: admin })).json().data;
      assert.deepEqual(twins.map((l: { id: number }) => l.id), [keep.id]);

      const comments = (await t.app.inject({ method: 'GET', url: `/api/leads/${keep.id}/comments`, headers: admin })).json().data;
      assert.deepEqual(comments.map((c: { body: string }) => c.body).sort(), ['На объединённом', 'На оставшемся']);
      const favorites = await queryRows<{ user_id: number }>(t.app.db, sql`select user_id from lead_favorites where lead_id = ${keep.id} order by user_id`);
      assert.deepEqual(favorites.map((f) => Number(f.user_id)), [adminId, managerId].sort((a, b) => a - b));
      const counts = await rowsOf(keep.id);
      assert.ok(counts.lead_comments >= 2 && counts.lead_history >= moved.lead_history + 2, JSON.stringify({ counts, moved }));

      const history = (await t.app.inject({ method: 'GET', url: `/api/leads/${keep.id}/history`, headers: admin })).json().data;
      const entry = history.find((h: { action: string }) => h.action === 'merged');
      assert.ok(entry, 'the kept lead’s history records the merge');
      assert.deepEqual(entry.changes.merged_lead, { from: { id: other.id, name: 'Петров Пётр', phone: otherBefore.phone }, to: null });
      assert.deepEqual(entry.changes.patronymic, { from: '', to: 'Ильич' });
      assert.equal(entry.changes.additional_info, undefined);
      assert.ok(entry.changes.users);
      // The merged lead's own history came along: two "created" entries now.
      assert.equal(history.filter((h: { action: string }) => h.action === 'created').length, 2);

      const audit = (await t.app.inject({ method: 'GET', url: '/api/audit-log?action=lead.merge&per_page=100', headers: admin })).json().data;
      const mine = audit.filter((a: { subject_id: string }) => [String(keep.id), String(other.id)].includes(String(a.subject_id)));
      assert.equal(mine.length, 2);
      const ofMerged = mine.find((a: { subject_id: string }) => String(a.subject_id) === String(other.id));
      assert.equal(ofMerged.before.patronymic, 'Ильич');
      assert.deepEqual(ofMerged.after, { merged_into: keep.id });

      await t.app.domainEvents.settled();
      assert.ok(heard.some((e) => e.type === 'lead.updated' && e.leadId === keep.id && e.version === kept.version));
      assert.ok(heard.some((e) => e.type === 'lead.deleted' && e.leadIds.includes(other.id)));
    });

    test('no orphan rows: every table with a foreign key to leads is moved by the merge, and none still names the merged lead', async () => {
      const referencing = await queryRows<{ table_name: string; column_name: string }>(
        t.app.db,
        sql`select c.conrelid::regclass::text as table_name, a.attname as column_name
          from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
          where c.contype = 'f' and c.confrelid = 'leads'::regclass order by 1, 2`,
      );
      assert.ok(referencing.length >= 4);
      const listed = LEAD_REFERENCES.map((ref) => `${ref.table}.${ref.column}`).sort();
      assert.deepEqual(referencing.map((r) => `${r.table_name.replace(/^public\./, '')}.${r.column_name}`).sort(), listed, 'LEAD_REFERENCES names every table referencing leads');

      const { keep, other } = await pair(admin, { users: [operatorId] }, { users: [operatorId, managerId] });
      await t.app.inject({ method: 'GET', url: `/api/leads/favorite/${other.id}`, headers: operator });
      await t.app.inject({ method: 'GET', url: `/api/leads/favorite/${keep.id}`, headers: operator });
      const [{ id: stepId }] = (await t.app.inject({ method: 'GET', url: '/api/comment-steps', headers: admin })).json().data;
      await t.app.inject({ method: 'POST', url: `/api/leads/${other.id}/comments`, headers: admin, payload: { step_id: stepId, body: 'Сирота?' } });
      const task = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${other.id}/tasks`,
        headers: admin,
        payload: { title: 'Перезвонить', type: 'call', due_at: new Date(Date.now() + 86_400_000).toISOString() },
      });
      assert.equal(task.statusCode, 201, task.body);
      const before = await rowsOf(other.id);
      assert.ok(Object.values(before).every((n) => n > 0), JSON.stringify(before));
      const r = await merge(body(keep, other));
      assert.equal(r.statusCode, 200, r.body);
      for (const row of referencing) {
        const [left] = await queryRows<{ n: number | string }>(
          t.app.db,
          sql`select count(*) as n from ${sql.identifier(row.table_name.replace(/^public\./, ''))} where ${sql.identifier(row.column_name)} = ${other.id}`,
        );
        assert.equal(Number(left.n), 0, `${row.table_name} still names the merged lead`);
      }
    });

    test('401 without a token; 403 without edit lead or delete lead (the Operator, a role with only one of them)', async () => {
      const { keep, other } = await pair();
      assert.equal((await t.app.inject({ method: 'POST', url: '/api/leads/merge', payload: body(keep, other) })).statusCode, 401);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/leads/duplicates' })).statusCode, 401);
      const r = await merge(body(keep, other), operator);
      assert.equal(r.statusCode, 403);
      assert.equal(r.json().code, 'FORBIDDEN');
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/leads/duplicates', headers: operator })).statusCode, 403);
      await createRole(t, 'DeleteOnly', [{ action: 'view', subject: 'lead' }, { action: 'delete', subject: 'lead' }], 'all');
      const deleter = bearer(await (await createUser(t, { email: 'deleter@test.local', role: 'DeleteOnly' })).token());
      assert.equal((await merge(body(keep, other), deleter)).statusCode, 403);
      assert.equal((await detail(other.id)).statusCode, 200, 'nothing was merged');
    });

    test('404 when either lead is out of the caller’s scope or missing, and nothing changes', async () => {
      // The manager (team scope, no team) sees the leads they created or are responsible for.
      const mine = await createLeadVia(t, manager, leadInput(statuses[0].id));
      const theirs = await createLeadVia(t, admin, leadInput(statuses[0].id));
      for (const payload of [body(mine, theirs), body(theirs, mine), { ...body(mine, theirs), merge_id: 2_000_000 }]) {
        const r = await merge(payload, manager);
        assert.equal(r.statusCode, 404, r.body);
        assert.equal(r.json().message, 'Лид не найден');
      }
      assert.equal((await detail(mine.id)).json().data.version, mine.version);
      assert.equal((await detail(theirs.id)).statusCode, 200);
    });

    test('409 when either lead changed since it was shown', async () => {
      const { keep, other } = await pair();
      for (const changed of [keep, other]) {
        const r = await t.app.inject({ method: 'POST', url: `/api/leads/status/${changed.id}`, headers: admin, payload: { status_id: statuses[2].id } });
        assert.equal(r.statusCode, 200, r.body);
        const stale = await merge(body(keep, other));
        assert.equal(stale.statusCode, 409, stale.body);
        assert.equal(stale.json().code, 'LEAD_VERSION_CONFLICT');
      }
      assert.equal((await detail(other.id)).statusCode, 200);
    });

    test('422 by field: the same lead twice, a side that is not keep or merge, a field a lead does not have, missing versions', async () => {
      const { keep, other } = await pair();
      const same = await merge({ ...body(keep, other), merge_id: keep.id });
      assert.equal(same.statusCode, 422);
      assert.deepEqual(Object.keys(same.json().errors), ['merge_id']);
      const side = await merge(body(keep, other, { surname: 'both' }));
      assert.equal(side.statusCode, 422);
      assert.ok(side.json().errors['fields.surname'], side.body);
      const unknown = await merge(body(keep, other, { created_by: 'merge' }));
      assert.equal(unknown.statusCode, 422);
      assert.ok(Object.keys(unknown.json().errors).some((k) => k.startsWith('fields')), unknown.body);
      const missing = await merge({ keep_id: 'x', merge_id: other.id });
      assert.equal(missing.statusCode, 422);
      assert.ok(missing.json().errors.keep_id && missing.json().errors.keep_version && missing.json().errors.merge_version, missing.body);
      assert.equal((await detail(other.id)).statusCode, 200);
    });

    test('possible duplicates: groups by normalised phone and by surname + first name ignoring case, within the caller’s scope', async () => {
      const a = await createLeadVia(t, admin, leadInput(statuses[0].id, { surname: 'Дублев', firstname: 'Семён', phone: '+7 901 000-00-01' }));
      const b = await createLeadVia(t, admin, leadInput(statuses[0].id, { surname: 'ДУБЛЕВ', firstname: 'семён', phone: '+7 901 000-00-02' }));
      const c = await createLeadVia(t, manager, leadInput(statuses[0].id, { surname: 'Иной', firstname: 'Тарас', phone: '8 (901) 000-00-01' }));
      const d = await createLeadVia(t, manager, leadInput(statuses[0].id, { surname: 'Иной', firstname: 'Тарас', phone: '+7 901 000-00-09' }));
      const list = async (headers: Headers, query = '?per_page=100') => {
        const r = await t.app.inject({ method: 'GET', url: `/api/leads/duplicates${query}`, headers });
        assert.equal(r.statusCode, 200, r.body);
        return r.json() as LeadDuplicatesResponse;
      };
      const all = await list(admin);
      const byName = all.data.find((g) => g.reason === 'name' && g.key === 'дублев семён');
      assert.deepEqual(byName?.leads.map((l) => l.id), [a.id, b.id]);
      const byPhone = all.data.find((g) => g.reason === 'phone' && g.key === '79010000001');
      assert.deepEqual(byPhone?.leads.map((l) => l.id), [a.id, c.id]);
      assert.equal(byPhone?.count, 2);
      assert.ok(all.data.some((g) => g.reason === 'name' && g.leads.map((l) => l.id).join() === `${c.id},${d.id}`));

      // The manager sees c and d but not a: their name group, not the phone group that needs a; only their own leads.
      const theirs = await list(manager);
      assert.ok(theirs.data.some((g) => g.reason === 'name' && g.leads.map((l) => l.id).join() === `${c.id},${d.id}`));
      assert.ok(!theirs.data.some((g) => g.key === '79010000001' || g.key === 'дублев семён'));
      assert.ok(theirs.data.every((g) => g.leads.every((l) => l.created_by === managerId || l.users.includes(managerId))));
      assert.equal(theirs.meta.total, theirs.data.length);

      const paged = await list(admin, '?per_page=5&page=1');
      assert.equal(paged.data.length, Math.min(5, all.meta.total));
      assert.equal(paged.meta.total, all.meta.total);
      const bad = await t.app.inject({ method: 'GET', url: '/api/leads/duplicates?per_page=7', headers: admin });
      assert.equal(bad.statusCode, 422);
      assert.ok(bad.json().errors.per_page);
    });
  });
}
