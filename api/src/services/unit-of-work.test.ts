import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { PASSWORD_RESET_QUEUE } from '../jobs/password-reset-job';
import { buildTestApp, type TestApp, testDrivers } from '../test/build-test-app';

for (const driver of testDrivers()) {
  describe(`a job queued by a use case commits with it (${driver})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp({ driver });
    });
    after(() => t.close());

    const queued = async (email: string) =>
      (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from pgboss.job where name = ${PASSWORD_RESET_QUEUE} and data->>'email' = ${email}`))[0].n;

    test('a transaction that rolls back leaves no job; one that commits leaves exactly one', async () => {
      await assert.rejects(
        t.app.unitOfWork(null, async (uow) => {
          await uow.enqueue(PASSWORD_RESET_QUEUE, { email: 'rolled-back@test.local' });
          throw new Error('the change failed after queueing its mail');
        }),
        /the change failed/,
      );
      assert.equal(await queued('rolled-back@test.local'), 0);

      await t.app.unitOfWork(null, (uow) => uow.enqueue(PASSWORD_RESET_QUEUE, { email: 'committed@test.local' }));
      assert.equal(await queued('committed@test.local'), 1);
    });
  });
}
