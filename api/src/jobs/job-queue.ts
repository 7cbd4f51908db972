import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { z } from 'zod';
import { movePgBoss10Jobs, setAsidePgBoss10Schema } from './pg-boss-10-upgrade';
import type { SqlExecutor, TransactionExecutor } from './sql-executor';

/**
 * The data each job carries, by queue name. Every job file adds its own entry, so `enqueue` is typed:
 *
 * ```ts
 * declare module '../jobs/job-queue' {
 *   interface JobDataByName { 'lead-import': { jobId: number } }
 * }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobDataByName {}

export type JobName = keyof JobDataByName & string;

export interface JobContext {
  /** pg-boss's id of this job. */
  id: string;
  /** 1 on the first run, 2 on the first retry, and so on. */
  attempt: number;
  /**
   * Aborted when this worker must stop: its claim was lost (its heartbeat stopped reaching the database, so another
   * worker may already run the job) or the instance is shutting down. Check it between units of work and return or throw; the job then runs again elsewhere.
   */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export interface JobDefinition<Name extends JobName> {
  name: Name;
  /** Checks the stored data before every run; data that does not parse fails the job without a retry. */
  schema: z.ZodType<JobDataByName[Name]>;
  /**
   * Does the work. Resolve: the job is done. Throw: it runs again after a delay (with backoff) until `retryLimit`
   * retries are spent, then `onFailed`. Throw a {@link PermanentJobError} to skip the retries. Runs at least once:
   * a handler must be safe to run again after a crash or a lost claim (make each unit of work idempotent or fenced).
   */
  run(data: JobDataByName[Name], context: JobContext): Promise<void>;
  /**
   * Called once when the job will not run again: its last attempt failed or its worker's heartbeat stopped. `permanent`:
   * it threw a {@link PermanentJobError}, whose message was written for people; otherwise `message` is technical.
   */
  onFailed?(data: JobDataByName[Name], failure: JobFailure): Promise<void>;
  /** Retries after the first attempt (default 3). */
  retryLimit?: number;
  /** Jobs of this queue one instance runs at the same time (default 1). */
  concurrency?: number;
}

/** A failure that another attempt would not fix (bad data, a constraint): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export interface JobFailure {
  message: string;
  permanent: boolean;
}

export interface EnqueueOptions {
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /** Run no earlier than this moment (a reminder's time); ignored when `startAfterSeconds` is given. */
  startAfter?: Date;
  /**
   * Store the job in this open transaction (the writer's, an outbox): it exists only if the change commits. The
   * caller wakes the queue once it has (`wake`); until then only the next poll finds it.
   */
  transaction?: TransactionExecutor;
}

export interface JobQueue {
  /** Names this process in logs; every instance has its own. */
  readonly instanceId: string;
  /** Registers a queue and its handler. Call before `start` (plugins do it while they register). */
  define<Name extends JobName>(definition: JobDefinition<Name>): void;
  /** Stores a job in the database; any instance's worker may run it. Resolves to the job's id. */
  enqueue<Name extends JobName>(name: Name, data: JobDataByName[Name], options?: EnqueueOptions): Promise<string>;
  /** This instance's idle worker of `name` looks for jobs now (after a transaction that queued one committed). */
  wake(name: JobName): void;
  /** Creates the queues and starts this instance's workers. */
  start(): Promise<void>;
  /** Stops taking jobs, asks running handlers to stop (their jobs run again elsewhere) and waits for them. */
  stop(): Promise<void>;
  /**
   * Resolves when the named queues (default: all) hold no running job and none waiting or retrying that is due now.
   * A job scheduled for later (a task's reminder, `startAfter`) does not count: it is not work to wait for. Tests use it.
   */
  idle(names?: JobName[]): Promise<void>;
  /** Jobs per queue (dead-letter queues included) and state, across every instance: what GET /metrics reports. */
  stats(): Promise<JobQueueStats[]>;
}

/** How many of one queue's jobs are in one of pg-boss's states (`created`, `retry`, `active`, `failed`, …). */
export interface JobQueueStats {
  queue: string;
  state: string;
  count: number;
}

export interface JobQueueOptions {
  executor: SqlExecutor;
  log: FastifyBaseLogger;
  pollSeconds: number;
  /** How often pg-boss's supervisor looks for jobs whose heartbeat stopped (once for all instances). */
  superviseSeconds: number;
  retryDelaySeconds: number;
}

/**
 * A running job's worker refreshes its heartbeat every half of this; once the database has not seen one for this
 * long, pg-boss's supervisor retries the job elsewhere. pg-boss's minimum, so a crash is noticed as soon as it allows.
 */
export const HEARTBEAT_SECONDS = 10;
/**
 * pg-boss's cap on one attempt (its maximum, 24 h). Crashes are found by the heartbeat; this only bounds an attempt
 * whose worker is alive but stuck, and a long import resumes where it stopped when it runs again.
 */
const ATTEMPT_LIMIT_SECONDS = 24 * 3_600;

/** pg-boss keeps its tables in this schema, apart from the app's. */
export const JOB_SCHEMA = 'pgboss';
const FAILED_SUFFIX = '__failed';

interface FetchedJob {
  id: string;
  data: unknown;
  /** Incremented by every fetch after the first, so (id, retryCount) names one attempt: pg-boss fences by it. */
  retryCount: number;
}

interface DeadLetter {
  data: unknown;
  /** The failed job's output, copied by pg-boss onto its dead letter. */
  sourceOutput?: { message?: string; value?: { message?: string } } | null;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/** What pg-boss stored as a failed job's output, as one line for the job's owner. */
function reasonOf(output: DeadLetter["sourceOutput"]): string {
  return output?.message ?? output?.value?.message ?? 'The job failed';
}

/**
 * Background jobs on pg-boss (docs/decisions/048-pg-boss-12-heartbeat.md), on the app's own database connection, so
 * the same code runs on PostgreSQL (any number of instances) and on embedded PGlite.
 *
 * pg-boss stores the jobs, hands each to one worker (`FOR UPDATE SKIP LOCKED`), retries failures with backoff, moves
 * jobs out of the way after their last attempt, and fails or retries a running job whose **heartbeat** stopped (its
 * worker died). This module runs its own worker loop on pg-boss's `fetch`/`touch`/`complete`/`fail`, each fenced to
 * the attempt it fetched, so that a handler can be woken by `enqueue`, told to stop by the instance, and fail
 * permanently; pg-boss's `work()` would also end any handler after the job's expiration.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { executor, log } = options;
  const instanceId = randomUUID();
  const definitions = new Map<string, JobDefinition<JobName>>();
  const running = new Set<Promise<void>>();
  const wakers = new Map<string, () => void>();
  const stopping = new AbortController();
  let loops: Promise<void>[] = [];
  let started = false;

  const boss = new PgBoss({
    db: executor,
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: true,
    // No cron schedules yet; the timekeeper would poll for them.
    schedule: false,
    // Nothing reads pg-boss's registry of instances; it would write a row per instance every 30 s.
    registerInstance: false,
    // The heartbeat check runs in the supervisor's monitor pass; both at this pace, claimed once for all instances.
    superviseIntervalSeconds: options.superviseSeconds,
    monitorIntervalSeconds: options.superviseSeconds,
    // Job data may name people (mail recipients): finished jobs go after pg-boss's default week, looked for hourly.
    maintenanceIntervalSeconds: 3_600,
  });
  boss.on('error', (err: unknown) => log.error({ err, instanceId }, 'Job queue error'));

  /** How many jobs a fenced call changed: pg-boss returns it, though its types (12.38) declare the answer empty. */
  const affected = (response: object) => (response as { affected?: number }).affected ?? 0;
  /** Names the attempt this worker fetched: pg-boss then leaves a job alone once it was retried elsewhere or settled. */
  const attemptOf = (job: FetchedJob) => ({ id: job.id, retryCount: job.retryCount });

  async function runJob(definition: JobDefinition<JobName>, job: FetchedJob): Promise<void> {
    const attempt = job.retryCount + 1;
    const jobLog = log.child({ queue: definition.name, job: job.id, attempt, instanceId });
    const stop = new AbortController();
    const onShutdown = () => stop.abort(new Error('The server is shutting down'));
    stopping.signal.addEventListener('abort', onShutdown, { once: true });
    let claimLost = false;
    const loseClaim = () => {
      if (claimLost) return;
      claimLost = true;
      jobLog.warn('A running job is no longer this worker\'s; stopping it');
      stop.abort(new Error('This job was taken from this worker'));
    };
    const heartbeat = setInterval(() => {
      boss
        .touch(definition.name, attemptOf(job))
        .then((response) => affected(response) === 1 || loseClaim())
        .catch((err: unknown) => jobLog.warn({ err }, 'Could not send a job heartbeat'));
    }, (HEARTBEAT_SECONDS * 1000) / 2);

    const parsed = definition.schema.safeParse(job.data);
    try {
      if (!parsed.success) throw new PermanentJobError(`Invalid job data: ${parsed.error.message}`);
      await definition.run(parsed.data, { id: job.id, attempt, signal: stop.signal, log: jobLog });
      clearInterval(heartbeat);
      // Fenced: if the job was taken from this worker meanwhile, its success is not recorded.
      if (affected(await boss.complete(definition.name, attemptOf(job))) !== 1) loseClaim();
    } catch (error) {
      clearInterval(heartbeat);
      const message = error instanceof Error ? error.message : String(error);
      if (claimLost) {
        jobLog.info({ err: error }, 'Stopped a job that was taken from this worker');
      } else if (error instanceof PermanentJobError) {
        jobLog.error({ err: error }, 'Job failed for good');
        if (parsed.success) await definition.onFailed?.(parsed.data, { message, permanent: true });
        await boss.cancel(definition.name, attemptOf(job));
      } else {
        // Also on shutdown: the job goes back to the queue and another instance (or this one, restarted) resumes it.
        if (stopping.signal.aborted) jobLog.info('Handing a running job back to the queue at shutdown');
        else jobLog.warn({ err: error }, 'Job attempt failed; it will be retried if attempts remain');
        await boss.fail(definition.name, attemptOf(job), { message });
      }
    } finally {
      clearInterval(heartbeat);
      stopping.signal.removeEventListener('abort', onShutdown);
    }
  }

  /** Takes jobs of one queue while this instance runs: at most `concurrency` at a time. */
  async function workLoop(name: string, concurrency: number, handle: (job: FetchedJob) => Promise<void>) {
    const active = new Set<Promise<void>>();
    while (!stopping.signal.aborted) {
      let fetched: FetchedJob[] = [];
      if (active.size < concurrency) {
        try {
          fetched = (await boss.fetch(name, { batchSize: concurrency - active.size, includeMetadata: true })) as unknown as FetchedJob[];
        } catch (err) {
          log.warn({ err, queue: name }, 'Could not fetch jobs');
        }
      }
      for (const job of fetched) {
        const task = handle(job)
          .catch((err: unknown) => log.error({ err, queue: name, job: job.id }, 'Job bookkeeping failed'))
          .finally(() => {
            active.delete(task);
            running.delete(task);
            wakers.get(name)?.();
          });
        active.add(task);
        running.add(task);
      }
      if (fetched.length > 0 && active.size < concurrency) continue;
      const wake = new AbortController();
      wakers.set(name, () => wake.abort());
      await sleep(options.pollSeconds * 1000, AbortSignal.any([wake.signal, stopping.signal]));
    }
    await Promise.allSettled([...active]);
  }

  async function handleDeadLetter(definition: JobDefinition<JobName>, job: FetchedJob) {
    const letter = job as unknown as DeadLetter & FetchedJob;
    const parsed = definition.schema.safeParse(letter.data);
    try {
      if (parsed.success) await definition.onFailed?.(parsed.data, { message: reasonOf(letter.sourceOutput), permanent: false });
      await boss.complete(`${definition.name}${FAILED_SUFFIX}`, job.id);
    } catch (err) {
      await boss.fail(`${definition.name}${FAILED_SUFFIX}`, job.id, { message: err instanceof Error ? err.message : String(err) });
    }
  }

  return {
    instanceId,

    define(definition) {
      if (started) throw new Error(`Job queue "${definition.name}" was defined after the workers started`);
      if (definitions.has(definition.name)) throw new Error(`Job queue "${definition.name}" is defined twice`);
      definitions.set(definition.name, definition as unknown as JobDefinition<JobName>);
    },

    async enqueue(name, data, enqueueOptions = {}) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`No job queue named "${name}"`);
      const { startAfterSeconds, startAfter, transaction } = enqueueOptions;
      const id = await boss.send(name, data as object, { startAfter: startAfterSeconds ?? startAfter, ...(transaction ? { db: transaction } : {}) });
      if (!id) throw new Error(`The job queue "${name}" refused a job`);
      // This instance's idle worker starts it now instead of at its next poll (a job in a transaction: once committed).
      if (!transaction) wakers.get(name)?.();
      return id;
    },

    wake(name) {
      wakers.get(name)?.();
    },

    async start() {
      started = true;
      await setAsidePgBoss10Schema(executor, JOB_SCHEMA);
      await boss.start();
      for (const definition of definitions.values()) {
        const failedQueue = `${definition.name}${FAILED_SUFFIX}`;
        const queueOptions = {
          retryLimit: definition.retryLimit ?? 3,
          retryDelay: options.retryDelaySeconds,
          retryBackoff: options.retryDelaySeconds > 0,
          heartbeatSeconds: HEARTBEAT_SECONDS,
          expireInSeconds: ATTEMPT_LIMIT_SECONDS,
        };
        await boss.createQueue(failedQueue, { retryLimit: 3, retryDelay: options.retryDelaySeconds });
        await boss.createQueue(definition.name, { ...queueOptions, deadLetter: failedQueue });
        // An existing queue (also one created by pg-boss 10, before heartbeats) keeps its options; these are the current ones.
        await boss.updateQueue(definition.name, { ...queueOptions, deadLetter: failedQueue });
      }
      await movePgBoss10Jobs(executor, JOB_SCHEMA);
      loops = [...definitions.values()].flatMap((definition) => [
        workLoop(definition.name, definition.concurrency ?? 1, (job) => runJob(definition, job)),
        workLoop(`${definition.name}${FAILED_SUFFIX}`, 1, (job) => handleDeadLetter(definition, job)),
      ]);
      log.info({ instanceId, queues: [...definitions.keys()] }, 'Job workers started');
    },

    async stop() {
      if (!started) return;
      stopping.abort();
      await Promise.allSettled(loops);
      await boss.stop({ graceful: false, close: false });
    },

    async idle(names) {
      const queues = (names ?? [...definitions.keys()]).flatMap((name) => [name, `${name}${FAILED_SUFFIX}`]);
      for (;;) {
        // pg-boss's own queue counts are cached by its supervisor; this reads the jobs themselves.
        const { rows } = await executor.executeSql(
          `SELECT count(*)::int AS waiting FROM ${JOB_SCHEMA}.job
            WHERE name = ANY($1::text[]) AND state < 'completed' AND (state = 'active' OR start_after <= now())`,
          [queues],
        );
        if (running.size + Number(rows[0]?.waiting ?? 0) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },

    async stats() {
      // Completed and cancelled jobs are history, not load; failed ones stay until pg-boss's retention drops them.
      const { rows } = await executor.executeSql(
        `SELECT name AS queue, state::text AS state, count(*)::int AS count FROM ${JOB_SCHEMA}.job
          WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state ORDER BY name, state`,
        [],
      );
      return rows.map((row) => ({ queue: String(row.queue), state: String(row.state), count: Number(row.count) }));
    },
  };
}
