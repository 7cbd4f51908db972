import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { createDatabase, createPglite, type DatabaseConnection } from '../db/client';
import { MIGRATIONS_FOLDER, runMigrations } from '../db/migrate';
import { JOB_SCHEMA } from '../jobs/job-queue';
import { createSqlExecutor } from '../jobs/sql-executor';

// A test app's database starts from a migrated template (a PGlite data directory, a PostgreSQL template database), made
// once and reused by every test file, instead of initdb and every migration per database. The app still runs the
// migrator and the seed at start, as in production; the migrations are then already applied. Tests of the migrations
// or of a first start open their own empty database (createPostgresDatabase without `migrated`, createPglite).

/**
 * What the PGlite snapshot holds: the migrations, the PGlite and pg-boss versions (the resolved paths name them, pnpm
 * store layout; pg-boss creates its own schema) and how this file makes it. A change to any of them makes a new one.
 */
function snapshotFingerprint(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: true })) {
    if (file.isFile()) hash.update(file.name).update(readFileSync(path.join(file.parentPath, file.name)));
  }
  hash.update(import.meta.resolve('@electric-sql/pglite'));
  hash.update(import.meta.resolve('pg-boss'));
  return hash.digest('hex').slice(0, 16);
}

/** The app's migrations and pg-boss's schema, as the first start of the app would leave them. */
async function migrate(connection: DatabaseConnection): Promise<void> {
  await runMigrations(connection);
  const boss = new PgBoss({ db: createSqlExecutor(connection), schema: JOB_SCHEMA, supervise: false, schedule: false, registerInstance: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

/**
 * A Blob over bytes already in memory whose `arrayBuffer()` is one copy: Node's reads a Blob of this size in small
 * chunks and joins them, which cost as much as PGlite's own unpacking.
 */
class BytesBlob extends Blob {
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    super([bytes]);
    this.#bytes = bytes;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(new Uint8Array(this.#bytes).buffer);
  }
}

let pgliteSnapshot: Promise<Blob> | undefined;

/**
 * A migrated PGlite data directory, read once per process: starting PGlite from it skips initdb and the migrations,
 * most of a first start. What a start from it costs is mostly unpacking and zeroing memory, so it is made small:
 * no template0 and template1 (the tests never create a database on PGlite; a third of the size), shared buffers 16 MB
 * instead of 128 (PGlite zeroes them at every start; a test database is a few megabytes), and a CHECKPOINT before the
 * dump (PGlite dumps a running server: without it every start replayed the migrations' WAL as a crash recovery).
 */
export function migratedPgliteSnapshot(): Promise<Blob> {
  if (!pgliteSnapshot) {
    pgliteSnapshot = readOrMakePgliteSnapshot();
    pgliteSnapshot.catch(() => (pgliteSnapshot = undefined));
  }
  return pgliteSnapshot;
}

async function readOrMakePgliteSnapshot(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `crm-api-pglite-${snapshotFingerprint()}.tar`);
  try {
    return new BytesBlob(readFileSync(file));
  } catch {
    const connection = await createPglite({ driver: 'pglite', inMemory: true });
    try {
      await migrate(connection);
      const { client } = connection;
      await client.exec("ALTER SYSTEM SET shared_buffers = '16MB'");
      for (const template of ['template0', 'template1']) {
        await client.exec(`ALTER DATABASE ${template} IS_TEMPLATE false`);
        await client.exec(`DROP DATABASE ${template}`);
      }
      await client.exec('CHECKPOINT');
      const bytes = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
      // Write then rename, so a concurrent test file never reads half a snapshot.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, bytes);
      renameSync(partial, file);
      return new BytesBlob(bytes);
    } finally {
      await connection.close();
    }
  }
}

/**
 * Set by api/test.mjs for the files of one run: the name of the run's migrated PostgreSQL template database, which it
 * drops when the run ends (`${name}` and `${name}_partial`). Unset (a file run alone with `node --test`), the tests'
 * databases start empty and the app migrates them at its start, as before, and nothing is left on the server.
 */
export const POSTGRES_TEMPLATE_VARIABLE = 'CRM_TEST_POSTGRES_TEMPLATE';

let postgresTemplate: Promise<string | undefined> | undefined;

/**
 * The run's migrated database on the server at `serverUrl` (TEST_DATABASE_URL's, the one api/test.mjs cleans up), to
 * give `CREATE DATABASE … TEMPLATE`: copying it takes a fraction of running the migrations. Made by the first test
 * process that needs it, under an advisory lock (the others wait for it), under a second name renamed once complete,
 * so a file never copies half a template; undefined when the run names none.
 */
export function migratedPostgresTemplate(serverUrl: string): Promise<string | undefined> {
  const name = process.env[POSTGRES_TEMPLATE_VARIABLE];
  if (!name) return Promise.resolve(undefined);
  if (!postgresTemplate) {
    postgresTemplate = makePostgresTemplate(serverUrl, name);
    postgresTemplate.catch(() => (postgresTemplate = undefined));
  }
  return postgresTemplate;
}

async function makePostgresTemplate(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Session-level: released by the server if this process dies while it builds.
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      const partial = `${name}_partial`;
      await admin.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${partial}`);
      const url = new URL(serverUrl);
      url.pathname = `/${partial}`;
      const connection = await createDatabase({ driver: 'postgres', url: url.toString() });
      try {
        await migrate(connection);
      } finally {
        await connection.close();
      }
      await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
    }
    return name;
  } finally {
    await admin.end();
  }
}
