import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss10 from 'pg-boss-10';
import { z } from 'zod';
import { createDatabase, createPglite, type DatabaseConnection } from '../db/client';
import { createPostgresDatabase, testDrivers } from '../test/build-test-app';
import { createJobQueue, HEARTBEAT_SECONDS, JOB_SCHEMA } from './job-queue';
import { createSqlExecutor, type SqlExecutor } from './sql-executor';

declare module './job-queue' {
  interface JobDataByName {
    'test-upgrade': { n: number };
  }
}

const QUEUE = 'test-upgrade';

const silentLog = (() => {
  const log = { level: 'silent', fatal() {}, error() {}, warn() {}, info() {}, debug() {}, trace() {}, silent() {}, child: () => log };
  return log as unknown as FastifyBaseLogger;
})();

// A deployment that ran pg-boss 10 (before decision 048) has its schema, queues and waiting jobs in the database.
// Starting the app must migrate them in place and run those jobs.
for (const driver of testDrivers()) {
  describe(`job queue upgrade from pg-boss 10 (${driver})`, () => {
    let connection: DatabaseConnection;
    let executor: SqlExecutor;
    let drop: (() => Promise<void>) | undefined;

    before(async () => {
      if (driver === 'postgres') {
        const database = await createPostgresDatabase();
        drop = database.drop;
        connection = await createDatabase({ driver: 'postgres', url: database.url });
      } else {
        connection = await createPglite({ driver: 'pglite', inMemory: true });
      }
      executor = createSqlExecutor(connection);
    });
    after(async () => {
      await connection.close();
      await drop?.();
    });

    test('a database set up by pg-boss 10 migrates on start and its waiting job runs, with a heartbeat', async () => {
      const old = new PgBoss10({ db: executor, schema: JOB_SCHEMA, supervise: false, schedule: false });
      await old.start();
      await old.createQueue(`${QUEUE}__failed`, { name: `${QUEUE}__failed` });
      await old.createQueue(QUEUE, { name: QUEUE, retryLimit: 3, expireInSeconds: 60, deadLetter: `${QUEUE}__failed` });
      const id = await old.send(QUEUE, { n: 5 });
      // A job whose worker was running it when pg-boss 10 stopped for the upgrade, and one already done.
      const runningId = await old.send(QUEUE, { n: 6 }, { priority: 1 });
      const doneId = await old.send(QUEUE, { n: 7 }, { priority: 2 });
      const [done] = await old.fetch(QUEUE);
      assert.equal(done?.id, doneId);
      await old.complete(QUEUE, doneId!);
      const [running] = await old.fetch(QUEUE);
      assert.equal(running?.id, runningId);
      await old.stop({ graceful: false, close: false, wait: true });
      assert.ok(id);

      const runs: { n: number; attempt: number }[] = [];
      const queue = createJobQueue({ executor, log: silentLog, pollSeconds: 0.1, superviseSeconds: 1, retryDelaySeconds: 0 });
      queue.define({ name: QUEUE, schema: z.object({ n: z.number() }), run: async (data, ctx) => void runs.push({ ...data, attempt: ctx.attempt }) });
      await queue.start();
      try {
        await queue.idle();
        assert.deepEqual(
          runs.sort((a, b) => a.n - b.n),
          [
            { n: 5, attempt: 1 },
            // pg-boss 10 counted retries, not starts: the interrupted run was its first attempt, and so is this one.
            { n: 6, attempt: 1 },
          ],
        );
        const { rows } = await executor.executeSql(`SELECT id, state FROM ${JOB_SCHEMA}.job WHERE name = $1 ORDER BY id`, [QUEUE]);
        assert.deepEqual(rows, [{ id, state: 'completed' }, { id: runningId, state: 'completed' }].sort((a, b) => (a.id! < b.id! ? -1 : 1)));
        const old = await executor.executeSql(`SELECT to_regnamespace('pgboss_v10') AS schema`);
        assert.equal(old.rows[0]?.schema, null, 'the old schema is gone');
        // The queue pg-boss 10 created now has the heartbeat that finds a crashed worker's jobs.
        const queues = await executor.executeSql(`SELECT heartbeat_seconds FROM ${JOB_SCHEMA}.queue WHERE name = $1`, [QUEUE]);
        assert.equal(queues.rows[0]?.heartbeat_seconds, HEARTBEAT_SECONDS);
      } finally {
        await queue.stop();
      }
    });
  });
}
