import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PgBoss } from 'pg-boss';
import { createPglite } from '../db/client';
import { MIGRATIONS_FOLDER, runMigrations } from '../db/migrate';
import { JOB_SCHEMA } from '../jobs/job-queue';
import { createSqlExecutor } from '../jobs/sql-executor';

/**
 * A migrated PGlite data directory, built once and reused by every test file: starting PGlite from a snapshot skips
 * initdb, which is most of its start-up time. The cache key covers the migrations, so a schema change rebuilds it.
 */
export async function migratedPgliteSnapshot(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: true })) {
    if (file.isFile()) hash.update(file.name).update(readFileSync(path.join(file.parentPath, file.name)));
  }
  // The resolved path names the installed PGlite version (pnpm store layout), so an upgrade rebuilds the snapshot.
  hash.update(import.meta.resolve('@electric-sql/pglite'));
  // …and the job queue's schema is in it too (created by pg-boss itself, per its version).
  hash.update(import.meta.resolve('pg-boss'));
  const file = path.join(os.tmpdir(), `crm-api-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const connection = await createPglite({ driver: 'pglite', inMemory: true });
    try {
      await runMigrations(connection);
      const boss = new PgBoss({ db: createSqlExecutor(connection), schema: JOB_SCHEMA, supervise: false, schedule: false, registerInstance: false });
      await boss.start();
      await boss.stop({ graceful: false, close: false });
      const snapshot = await connection.client.dumpDataDir('none');
      // Write then rename, so a concurrent test file never reads half a snapshot.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await snapshot.arrayBuffer()));
      renameSync(partial, file);
      return snapshot;
    } finally {
      await connection.close();
    }
  }
}
