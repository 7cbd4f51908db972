import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { createDatabase, createPglite, type DatabaseConnection } from '../db/client';
import { createPostgresDatabase, testDrivers } from '../test/build-test-app';
import { createJobQueue, HEARTBEAT_SECONDS, JOB_SCHEMA, type JobDefinition, type JobFailure, type JobQueue, PermanentJobError } from './job-queue';
import { createSqlExecutor, type SqlExecutor } from './sql-executor';

declare module './job-queue' {
  interface JobDataByName {
    'test-echo': { n: number };
  }
}

const QUEUE = 'test-echo';

const silentLog = (() => {
  const log = { level: 'silent', fatal() {}, error() {}, warn() {}, info() {}, debug() {}, trace() {}, silent() {}, child: () => log };
  return log as unknown as FastifyBaseLogger;
})();

interface Run {
  n: number;
  attempt: number;
  instance: string;
}

for (const driver of testDrivers()) {
  describe(`job queue (${driver})`, () => {
    let connection: DatabaseConnection;
    let executor: SqlExecutor;
    let drop: (() => Promise<void>) | undefined;
    const queues: JobQueue[] = [];
    const crashedWorkers: PgBoss[] = [];

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
    afterEach(async () => {
      await Promise.all(queues.splice(0).map((queue) => queue.stop()));
      // A crashed worker's timers would keep the test process alive; the crash has been observed by now.
      await Promise.all(crashedWorkers.splice(0).map((boss) => boss.stop({ graceful: false, close: false })));
      // Every test starts from an empty queue.
      await executor.executeSql(`DELETE FROM ${JOB_SCHEMA}.job`).catch(() => undefined);
    });
    after(async () => {
      await connection.close();
      await drop?.();
    });

    /** An instance of the app's job queue (as another server process would have), with one handler for QUEUE. */
    async function startInstance(handler: Partial<JobDefinition<typeof QUEUE>> & Pick<JobDefinition<typeof QUEUE>, 'run'>) {
      const queue = createJobQueue({ executor, log: silentLog, pollSeconds: 0.1, superviseSeconds: 1, retryDelaySeconds: 0 });
      queue.define({ name: QUEUE, schema: z.object({ n: z.number() }), ...handler });
      await queue.start();
      queues.push(queue);
      return queue;
    }

    /** pg-boss's own record of a job. */
    async function jobState(id: string): Promise<string | undefined> {
      const { rows } = await executor.executeSql(`SELECT state FROM ${JOB_SCHEMA}.job WHERE id = $1`, [id]);
      return rows[0]?.state as string | undefined;
    }

    /** A worker that takes a job and dies with it: it fetched it (so it is active) and then never reports again. */
    async function crashWithNextJob(): Promise<string> {
      const crashed = new PgBoss({ db: executor, schema: JOB_SCHEMA, migrate: false, supervise: false, schedule: false, registerInstance: false });
      await crashed.start();
      crashedWorkers.push(crashed);
      const [job] = await crashed.fetch(QUEUE);
      assert.ok(job, 'the crashing worker got the job');
      return job.id;
    }

    test('a job runs once, on whichever instance takes it, with its data', async () => {
      const runs: Run[] = [];
      const a = await startInstance({ run: async (data, ctx) => void runs.push({ ...data, attempt: ctx.attempt, instance: 'a' }) });
      await startInstance({ run: async (data, ctx) => void runs.push({ ...data, attempt: ctx.attempt, instance: 'b' }) });
      const ids = await Promise.all([1, 2, 3, 4].map((n) => a.enqueue(QUEUE, { n })));
      await a.idle();
      assert.deepEqual(runs.map((r) => r.n).sort(), [1, 2, 3, 4]);
      assert.ok(runs.every((r) => r.attempt === 1));
      for (const id of ids) assert.equal(await jobState(id), 'completed');
    });

    test("a crashed worker's job is retried by another instance once its heartbeat stops, not before", async () => {
      const first = await startInstance({ run: async () => assert.fail('no job is queued yet') });
      await first.stop();
      await first.enqueue(QUEUE, { n: 7 });
      const id = await crashWithNextJob();
      assert.equal(await jobState(id), 'active');

      const runs: Run[] = [];
      const failures: JobFailure[] = [];
      const survivor = await startInstance({
        run: async (data, ctx) => void runs.push({ ...data, attempt: ctx.attempt, instance: 'survivor' }),
        onFailed: async (_data, failure) => void failures.push(failure),
      });
      // Until its heartbeat is overdue the job still belongs to the crashed worker.
      assert.equal(await jobState(id), 'active');
      assert.deepEqual(runs, []);
      await survivor.idle();
      assert.deepEqual(runs, [{ n: 7, attempt: 2, instance: 'survivor' }]);
      assert.equal(await jobState(id), 'completed');
      assert.deepEqual(failures, []);
    });

    test("a crashed worker's job without attempts left is marked failed once its heartbeat stops", async () => {
      const first = await startInstance({ run: async () => assert.fail('no job is queued yet'), retryLimit: 0 });
      await first.stop();
      await first.enqueue(QUEUE, { n: 8 });
      const id = await crashWithNextJob();
      const failures: { n: number; failure: JobFailure }[] = [];
      const survivor = await startInstance({
        retryLimit: 0,
        run: async () => assert.fail('a job without attempts left must not run again'),
        onFailed: async (data, failure) => void failures.push({ n: data.n, failure }),
      });
      assert.deepEqual(failures, [], 'not failed while its heartbeat may still come');
      await survivor.idle();
      assert.equal(await jobState(id), 'failed');
      assert.deepEqual(failures, [{ n: 8, failure: { message: 'job heartbeat timeout', permanent: false } }]);
    });

    test('a heartbeat keeps a job that runs longer than the heartbeat window with its worker', async () => {
      const runs: Run[] = [];
      const slow = (instance: string) => async (data: { n: number }, ctx: { attempt: number }) => {
        runs.push({ ...data, attempt: ctx.attempt, instance });
        // Long enough for the supervisor (every second here) to retry the job if no heartbeat arrived.
        await new Promise((resolve) => setTimeout(resolve, (HEARTBEAT_SECONDS + 3) * 1000));
      };
      const a = await startInstance({ run: slow('a') });
      await startInstance({ run: slow('b') });
      const id = await a.enqueue(QUEUE, { n: 1 });
      await a.idle();
      assert.equal(runs.length, 1, `ran ${runs.length} times: ${JSON.stringify(runs)}`);
      assert.equal(await jobState(id), 'completed');
    });

    test('at shutdown a running job goes back to the queue and another instance finishes it', async () => {
      const runs: Run[] = [];
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const a = await startInstance({
        run: async (data, ctx) => {
          runs.push({ ...data, attempt: ctx.attempt, instance: 'a' });
          started();
          await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
          throw ctx.signal.reason;
        },
      });
      const id = await a.enqueue(QUEUE, { n: 3 });
      await running;
      const b = await startInstance({ run: async (data, ctx) => void runs.push({ ...data, attempt: ctx.attempt, instance: 'b' }) });
      await a.stop();
      await b.idle();
      assert.deepEqual(runs, [
        { n: 3, attempt: 1, instance: 'a' },
        { n: 3, attempt: 2, instance: 'b' },
      ]);
      assert.equal(await jobState(id), 'completed');
    });

    test('a failing job is retried up to its limit, then reported failed once', async () => {
      const attempts: number[] = [];
      const failures: JobFailure[] = [];
      const a = await startInstance({
        retryLimit: 2,
        run: async (_data, ctx) => {
          attempts.push(ctx.attempt);
          throw new Error('SMTP server unavailable');
        },
        onFailed: async (_data, failure) => void failures.push(failure),
      });
      const id = await a.enqueue(QUEUE, { n: 1 });
      await a.idle();
      assert.deepEqual(attempts, [1, 2, 3]);
      assert.deepEqual(failures, [{ message: 'SMTP server unavailable', permanent: false }]);
      assert.equal(await jobState(id), 'failed');
    });

    test('a permanent failure is reported at once, without retries; data that does not parse never runs', async () => {
      const attempts: number[] = [];
      const failures: JobFailure[] = [];
      const a = await startInstance({
        run: async (_data, ctx) => {
          attempts.push(ctx.attempt);
          throw new PermanentJobError('Строки 2–3 не приняты');
        },
        onFailed: async (_data, failure) => void failures.push(failure),
      });
      await a.enqueue(QUEUE, { n: 1 });
      await a.enqueue(QUEUE, { n: 'not a number' } as unknown as { n: number });
      await a.idle();
      assert.deepEqual(attempts, [1]);
      assert.deepEqual(failures, [{ message: 'Строки 2–3 не приняты', permanent: true }]);
    });
  });
}
