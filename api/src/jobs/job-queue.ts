import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { SqlExecutor } from './sql-executor';

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
   * Aborted when this worker must stop: its lease was lost (another worker may already run the job) or the instance
   * is shutting down. Check it between units of work and return or throw; the job then runs again elsewhere.
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
   * a handler must be safe to run again after a crash or a lost lease (make each unit of work idempotent or fenced).
   */
  run(data: JobDataByName[Name], context: JobContext): Promise<void>;
  /**
   * Called once when the job will not run again: its last attempt failed or its last lease expired. `permanent`:
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
}

export interface JobQueue {
  /** Names this process in logs; every instance has its own. */
  readonly instanceId: string;
  /** Registers a queue and its handler. Call before `start` (plugins do it while they register). */
  define<Name extends JobName>(definition: JobDefinition<Name>): void;
  /** Stores a job in the database; any instance's worker may run it. Resolves to the job's id. */
  enqueue<Name extends JobName>(name: Name, data: JobDataByName[Name], options?: EnqueueOptions): Promise<string>;
  /** Creates the queues and starts this instance's workers. */
  start(): Promise<void>;
  /** Stops taking jobs, asks running handlers to stop (their jobs run again elsewhere) and waits for them. */
  stop(): Promise<void>;
  /** Resolves when the named queues (default: all) hold no waiting, retrying or running job. Tests use it. */
  idle(names?: JobName[]): Promise<void>;
}

export interface JobQueueOptions {
  executor: SqlExecutor;
  log: FastifyBaseLogger;
  leaseSeconds: number;
  pollSeconds: number;
  maintenanceSeconds: number;
  retryDelaySeconds: number;
}

/** pg-boss keeps its tables in this schema, apart from the app's. */
export const JOB_SCHEMA = 'pgboss';
const FAILED_SUFFIX = '__failed';

interface FetchedJob {
  id: string;
  data: unknown;
  /** Incremented by every fetch after the first, so (id, retryCount) names one attempt. */
  retryCount: number;
}

interface DeadLetter {
  data: unknown;
  output?: { message?: string; value?: { message?: string } } | null;
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
function reasonOf(output: DeadLetter['output']): string {
  return output?.message ?? output?.value?.message ?? 'The job failed';
}

/**
 * Background jobs on pg-boss (docs/decisions/011-background-jobs.md), on the app's own database connection, so
 * the same code runs on PostgreSQL (any number of instances) and on embedded PGlite.
 *
 * pg-boss stores the jobs, hands each to one worker (`FOR UPDATE SKIP LOCKED`), retries failures with backoff and
 * moves jobs out of the way after their last attempt. Its built-in `work()` fails a handler that runs longer than
 * the job's expiration, so this module runs its own worker loop on pg-boss's `fetch`/`complete`/`fail` and holds a
 * **lease**: pg-boss's `expire_in` of the running job, pushed forward by a heartbeat every third of the lease. When a
 * worker dies, its heartbeat stops; pg-boss's maintenance then finds the lease expired and puts the job back for a
 * retry, or fails it after the last attempt — never earlier.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { executor, log, leaseSeconds } = options;
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
    maintenanceIntervalSeconds: options.maintenanceSeconds,
    // Job data may name people (mail recipients): completed jobs leave the queue after an hour, and history after a week.
    archiveCompletedAfterSeconds: 3_600,
    deleteAfterDays: 7,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err: unknown) => log.error({ err, instanceId }, 'Job queue error'));

  /** Pushes the lease forward; false when the job is no longer this worker's (expired, retried elsewhere, done). */
  async function renewLease(name: string, job: FetchedJob): Promise<boolean> {
    const { rows } = await executor.executeSql(
      `UPDATE ${JOB_SCHEMA}.job SET expire_in = (now() - started_on) + make_interval(secs => $3)
        WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $4 RETURNING id`,
      [name, job.id, leaseSeconds, job.retryCount],
    );
    return rows.length === 1;
  }

  async function runJob(definition: JobDefinition<JobName>, job: FetchedJob): Promise<void> {
    const attempt = job.retryCount + 1;
    const jobLog = log.child({ queue: definition.name, job: job.id, attempt, instanceId });
    const stop = new AbortController();
    const onShutdown = () => stop.abort(new Error('The server is shutting down'));
    stopping.signal.addEventListener('abort', onShutdown, { once: true });
    let leaseLost = false;
    const heartbeat = setInterval(
      () => {
        renewLease(definition.name, job)
          .then((held) => {
            if (held || leaseLost) return;
            leaseLost = true;
            jobLog.warn('Lost the lease of a running job; stopping it');
            stop.abort(new Error('The lease of this job was lost'));
          })
          .catch((err: unknown) => jobLog.warn({ err }, 'Could not renew a job lease'));
      },
      Math.max(500, (leaseSeconds * 1000) / 3),
    );

    const parsed = definition.schema.safeParse(job.data);
    try {
      if (!parsed.success) throw new PermanentJobError(`Invalid job data: ${parsed.error.message}`);
      await definition.run(parsed.data, { id: job.id, attempt, signal: stop.signal, log: jobLog });
      clearInterval(heartbeat);
      // The heartbeat runs on a timer: check once more that no other worker took over before reporting success.
      if (!leaseLost && (await renewLease(definition.name, job))) await boss.complete(definition.name, job.id);
    } catch (error) {
      clearInterval(heartbeat);
      const message = error instanceof Error ? error.message : String(error);
      if (leaseLost) {
        jobLog.info({ err: error }, 'Stopped a job whose lease was lost');
      } else if (error instanceof PermanentJobError) {
        jobLog.error({ err: error }, 'Job failed for good');
        if (parsed.success) await definition.onFailed?.(parsed.data, { message, permanent: true });
        await boss.cancel(definition.name, job.id);
      } else {
        // Also on shutdown: the job goes back to the queue and another instance (or this one, restarted) resumes it.
        if (stopping.signal.aborted) jobLog.info('Handing a running job back to the queue at shutdown');
        else jobLog.warn({ err: error }, 'Job attempt failed; it will be retried if attempts remain');
        await boss.fail(definition.name, job.id, { message });
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
      if (parsed.success) await definition.onFailed?.(parsed.data, { message: reasonOf(letter.output), permanent: false });
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
      const id = await boss.send(name, data as object, { startAfter: enqueueOptions.startAfterSeconds });
      if (!id) throw new Error(`The job queue "${name}" refused a job`);
      // This instance's idle worker starts it now instead of at its next poll.
      wakers.get(name)?.();
      return id;
    },

    async start() {
      started = true;
      await boss.start();
      for (const definition of definitions.values()) {
        const failedQueue = `${definition.name}${FAILED_SUFFIX}`;
        const queueOptions = {
          retryLimit: definition.retryLimit ?? 3,
          retryDelay: options.retryDelaySeconds,
          retryBackoff: options.retryDelaySeconds > 0,
          expireInSeconds: leaseSeconds,
        };
        await boss.createQueue(failedQueue, { name: failedQueue, retryLimit: 3, retryDelay: options.retryDelaySeconds });
        await boss.createQueue(definition.name, { name: definition.name, ...queueOptions, deadLetter: failedQueue });
        // An existing queue keeps the options it was created with; these are the current ones.
        await boss.updateQueue(definition.name, { name: definition.name, ...queueOptions, deadLetter: failedQueue });
      }
      loops = [...definitions.values()].flatMap((definition) => [
        workLoop(definition.name, definition.concurrency ?? 1, (job) => runJob(definition, job)),
        workLoop(`${definition.name}${FAILED_SUFFIX}`, 1, (job) => handleDeadLetter(definition, job)),
      ]);
      log.info({ instanceId, queues: [...definitions.keys()], leaseSeconds }, 'Job workers started');
    },

    async stop() {
      if (!started) return;
      stopping.abort();
      await Promise.allSettled(loops);
      await boss.stop({ graceful: false, close: false, wait: true });
    },

    async idle(names) {
      const queues = names ?? [...definitions.keys()];
      for (;;) {
        let waiting = running.size;
        for (const name of queues) {
          waiting += (await boss.getQueueSize(name, { before: 'completed' })) ?? 0;
          waiting += (await boss.getQueueSize(`${name}${FAILED_SUFFIX}`, { before: 'completed' })) ?? 0;
        }
        if (waiting === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
