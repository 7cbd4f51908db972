import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { DomainEvent } from './domain-events';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../test/build-test-app';
import { createLeadVia, createUser, leadInput } from '../test/fixtures';

for (const driver of testDrivers()) {
  describe(`lead use cases: one transaction, events after the commit (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let statusId: number;
    let operator: { id: number };
    const heard: DomainEvent[] = [];
    /** Makes the committing subscribers of the next lead.deleted throw, as a crash inside the transaction would. */
    let failNextDelete = false;

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      operator = await createUser(t, { email: 'operator@test.local', role: 'Operator', name: 'Олег Кузнецов' });
      statusId = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data[0].id;
      t.app.domainEvents.onCommitting('lead.deleted', async () => {
        if (!failNextDelete) return;
        failNextDelete = false;
        throw new Error('subscriber failed inside the transaction');
      });
      t.app.domainEvents.onCommitted('lead.created', (event) => void heard.push(event));
      t.app.domainEvents.onCommitted('lead.assigned', (event) => void heard.push(event));
      t.app.domainEvents.onCommitted('lead.deleted', (event) => void heard.push(event));
    });
    after(() => t.close());

    const count = async (query: ReturnType<typeof sql>) => Number(((await t.app.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0].n);
    const auditRows = (leadId: number) => count(sql`select count(*)::int as n from audit_log where action = 'lead.delete' and subject_id = ${String(leadId)}`);
    const leadRows = (leadId: number) => count(sql`select count(*)::int as n from leads where id = ${leadId}`);

    test('a delete that fails inside its transaction keeps the lead, writes no audit row and announces nothing', async () => {
      const lead = await createLeadVia(t, admin, leadInput(statusId, { surname: 'Откатов' }));
      heard.length = 0;
      failNextDelete = true;
      const res = await t.app.inject({ method: 'DELETE', url: `/api/leads/${lead.id}`, headers: admin });
      assert.equal(res.statusCode, 500);
      assert.equal(await leadRows(lead.id), 1);
      assert.equal(await auditRows(lead.id), 0);
      await t.app.domainEvents.settled();
      assert.equal(heard.length, 0);

      const again = await t.app.inject({ method: 'DELETE', url: `/api/leads/${lead.id}`, headers: admin });
      assert.equal(again.statusCode, 200);
      assert.equal(await leadRows(lead.id), 0);
      assert.equal(await auditRows(lead.id), 1);
      await t.app.domainEvents.settled();
      assert.deepEqual(
        heard.map((e) => ({ type: e.type, actor: e.actor?.email })),
        [{ type: 'lead.deleted', actor: 'admin@test.local' }],
      );
    });

    test('a hand-over stores the new owner’s notification with the change and names the lead and the actor', async () => {
      const lead = await createLeadVia(t, admin, leadInput(statusId, { surname: 'Передачин', firstname: 'Глеб' }));
      heard.length = 0;
      const res = await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}/assign/${operator.id}`, headers: admin });
      assert.equal(res.statusCode, 200);
      const stored = (await t.app.db.execute(
        sql`select title, body, link from notifications where user_id = ${operator.id} order by id desc limit 1`,
      )) as unknown as { rows: { title: string; body: string; link: string }[] };
      assert.deepEqual(stored.rows[0], { title: 'Вам передан лид', body: 'Передачин Глеб — Administrator', link: `/leads/${lead.id}` });
      await t.app.domainEvents.settled();
      const event = heard.find((e) => e.type === 'lead.assigned');
      assert.ok(event && event.type === 'lead.assigned');
      assert.deepEqual(event.leadIds, [lead.id]);
      assert.equal(event.userId, operator.id);
    });

    test('a lead that does not save emits nothing and notifies nobody', async () => {
      heard.length = 0;
      const before = await count(sql`select count(*)::int as n from notifications where user_id = ${operator.id}`);
      const res = await t.app.inject({ method: 'POST', url: '/api/leads', headers: admin, payload: { ...leadInput(statusId), users: [operator.id], surname: '' } });
      assert.equal(res.statusCode, 422);
      await t.app.domainEvents.settled();
      assert.equal(heard.length, 0);
      assert.equal(await count(sql`select count(*)::int as n from notifications where user_id = ${operator.id}`), before);
    });
  });
}
