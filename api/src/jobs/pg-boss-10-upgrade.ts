import type { SqlExecutor } from './sql-executor';

/**
 * pg-boss 11 rewrote its schema without a migration from pg-boss 10's (schema version 24), and 12 migrates only from
 * 11's. A database that ran pg-boss 10 (decision 011) is upgraded as pg-boss's maintainer does it: the old schema is set
 * aside, pg-boss 12 installs its own, and the jobs that had not finished move over (decision 048).
 */
const OLD_SCHEMA = 'pgboss_v10';
// One instance at a time; the others wait here and then find nothing left to do.
const LOCK = `SELECT pg_advisory_xact_lock(hashtext('crm: pg-boss 10 upgrade'))`;

/** Before pg-boss starts: renames a pg-boss 10 schema out of its way. */
export async function setAsidePgBoss10Schema(executor: SqlExecutor, schema: string): Promise<void> {
  await executor.executeSql(`BEGIN; ${LOCK};
    DO $$ BEGIN
      -- Nested: the version table of a new database does not exist, and PL/pgSQL plans the whole condition.
      IF to_regclass('${schema}.version') IS NOT NULL THEN
        IF (SELECT max(version) FROM ${schema}.version) < 25 THEN
          ALTER SCHEMA ${schema} RENAME TO ${OLD_SCHEMA};
        END IF;
      END IF;
    END $$;
    COMMIT;`);
}

/**
 * After the queues exist: moves the set-aside schema's waiting, retrying and running jobs into pg-boss 12's (with
 * their ids and attempts, and their queue's current options), then drops it. A job that was running belonged to a
 * worker that stopped for the upgrade: it waits again. Safe to run again after a crash part-way (ids conflict).
 */
export async function movePgBoss10Jobs(executor: SqlExecutor, schema: string): Promise<void> {
  await executor.executeSql(`BEGIN; ${LOCK};
    DO $$ BEGIN
      IF to_regnamespace('${OLD_SCHEMA}') IS NOT NULL THEN
        INSERT INTO ${schema}.job (id, name, priority, data, retry_limit, retry_count, retry_delay, retry_backoff,
          expire_seconds, deletion_seconds, heartbeat_seconds, singleton_key, start_after, created_on, keep_until,
          dead_letter, policy)
        SELECT j.id, j.name, j.priority, j.data, j.retry_limit, j.retry_count, j.retry_delay, j.retry_backoff,
          q.expire_seconds, q.deletion_seconds, q.heartbeat_seconds, j.singleton_key, j.start_after, j.created_on,
          greatest(j.keep_until, now() + q.retention_seconds * interval '1 second'), q.dead_letter, q.policy
        FROM ${OLD_SCHEMA}.job j JOIN ${schema}.queue q ON q.name = j.name
        WHERE j.state IN ('created', 'retry', 'active')
        ON CONFLICT DO NOTHING;
        DROP SCHEMA ${OLD_SCHEMA} CASCADE;
      END IF;
    END $$;
    COMMIT;`);
}
