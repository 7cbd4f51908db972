import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { PhoneDuplicate } from '@crm/shared/schemas';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, createRole, createUser, leadInput } from '../../test/fixtures';

for (const driver of testDrivers()) {
  describe(`GET /api/leads/phone-duplicates (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let operator: Record<string, string>;
    let statusId: number;
    let first: number;
    let second: number;
    let operatorsOwn: number;

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      operator = bearer(await (await createUser(t, { email: 'operator@test.local', role: 'Operator' })).token());
      [{ id: statusId }] = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data;
      first = (await createLeadVia(t, admin, leadInput(statusId, { surname: 'Первый', phone: '+7 912 345-67-89' }))).id;
      second = (await createLeadVia(t, admin, leadInput(statusId, { surname: 'Второй', phone: '8 (912) 345 67 89' }))).id;
      operatorsOwn = (await createLeadVia(t, operator, leadInput(statusId, { surname: 'Свой', phone: '+7 912 345 67 89' }))).id;
      await createLeadVia(t, admin, leadInput(statusId, { surname: 'Другой', phone: '+7 912 345-67-80' }));
    });
    after(() => t.close());

    const ask = (query: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/leads/phone-duplicates${query}`, headers });
    const found = async (query: string, headers = admin) => {
      const response = await ask(query, headers);
      assert.equal(response.statusCode, 200, response.body);
      return (response.json() as { data: PhoneDuplicate[] }).data;
    };

    test('answers the leads with the same number however it is typed, oldest first', async () => {
      const data = await found(`?phone=${encodeURIComponent('89123456789')}`);
      assert.deepEqual(data.map((lead) => lead.id), [first, second, operatorsOwn]);
      assert.deepEqual(Object.keys(data[0]).sort(), ['firstname', 'id', 'patronymic', 'phone', 'surname']);
      assert.equal(data[0].surname, 'Первый');
    });

    test('leaves out the lead being edited (exclude_id)', async () => {
      const data = await found(`?phone=${encodeURIComponent('+79123456789')}&exclude_id=${first}`);
      assert.deepEqual(data.map((lead) => lead.id), [second, operatorsOwn]);
    });

    test('answers only leads in the caller’s scope', async () => {
      const data = await found(`?phone=${encodeURIComponent('+7 912 345 67 89')}`, operator);
      assert.deepEqual(data.map((lead) => lead.id), [operatorsOwn]);
    });

    test('answers at most 5', async () => {
      for (let i = 0; i < 6; i += 1) await createLeadVia(t, admin, leadInput(statusId, { surname: `Копия${i}`, phone: '+7 912 111-22-33' }));
      const data = await found(`?phone=${encodeURIComponent('+7 912 111-22-33')}`);
      assert.deepEqual(data.map((lead) => lead.surname), ['Копия0', 'Копия1', 'Копия2', 'Копия3', 'Копия4']);
    });

    test('a number that is not valid, or has no twin, has no duplicates', async () => {
      assert.deepEqual(await found('?phone=12'), []);
      assert.deepEqual(await found(`?phone=${encodeURIComponent('+7 912 999-99-99')}`), []);
    });

    test('422 by field for a missing phone or a bad exclude_id; 401 without a token; 403 without view lead', async () => {
      const missing = await ask('');
      assert.equal(missing.statusCode, 422);
      assert.ok(missing.json().errors.phone);
      const bad = await ask('?phone=89123456789&exclude_id=abc');
      assert.equal(bad.statusCode, 422);
      assert.ok(bad.json().errors.exclude_id);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/leads/phone-duplicates?phone=1' })).statusCode, 401);
      await createRole(t, 'NoLeads', [{ action: 'view', subject: 'document' }]);
      const outsider = bearer(await (await createUser(t, { email: 'noleads@test.local', role: 'NoLeads' })).token());
      assert.equal((await ask('?phone=89123456789', outsider)).statusCode, 403);
    });
  });
}
