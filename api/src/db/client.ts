import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { AppConfig } from '../config';

/** What repositories see: the query builder common to both drivers. */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseConnection =
  | { driver: 'pglite'; db: PgliteDatabase; client: PGlite; close: () => Promise<void> }
  | { driver: 'postgres'; db: NodePgDatabase; pool: pg.Pool; close: () => Promise<void> };

export type DatabaseOptions =
  | { driver: 'postgres'; url: string }
  | { driver: 'pglite'; dataDir: string }
  | { driver: 'pglite'; inMemory: true; loadDataDir?: Blob };

export type PgliteConnection = Extract<DatabaseConnection, { driver: 'pglite' }>;

/** Opens PostgreSQL through node-postgres, or embedded PGlite (a folder on disk, or memory for tests). */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseConnection> {
  if (options.driver === 'postgres') {
    // JIT off: the list's queries are short, and JIT compiling a plan whose estimated cost crosses jit_above_cost (an
    // OR with a subplan over 100,000 leads) cost 7 ms on a query that runs in 12. random_page_cost 1.1 (SSD, data
    // cached): with the default 4 the favourites count seq-scanned 100,000 leads (30 ms) instead of probing the
    // primary key 1,000 times (3 ms) (decision 032). No parallel workers per query: a request's statements already run
    // side by side on this pool, beside other requests and instances, so workers only queue for the same cores; at
    // 100,000 leads on two cores they cost the list's "without responsible user" 165 → 63 ms p95 and the dashboard's
    // year 211 → 82 ms (bench/README.md, decision 078).
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      options: '-c jit=off -c random_page_cost=1.1 -c max_parallel_workers_per_gather=0',
    });
    // An idle client can lose its server (a restart, a terminated backend). node-postgres then emits `error` on the
    // pool, and an unhandled one would crash the process; the pool replaces the client on the next checkout.
    pool.on('error', (error) => {
      process.stderr.write(`${JSON.stringify({ level: 40, msg: 'PostgreSQL idle connection lost', err: error.message })}\n`);
    });
    return { driver: 'postgres', db: drizzleNodePg({ client: pool }), pool, close: () => pool.end() };
  }
  return createPglite(options);
}

/** The database the configuration names: DATABASE_URL's server, else PGlite under DATA_DIR/pglite. */
export function connectDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<DatabaseConnection> {
  return config.databaseUrl
    ? createDatabase({ driver: 'postgres', url: config.databaseUrl })
    : createDatabase({ driver: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
}

/** PGlite with pg_trgm loaded (the first migration enables it). */
export async function createPglite(options: Extract<DatabaseOptions, { driver: 'pglite' }>): Promise<PgliteConnection> {
  const extensions = { pg_trgm };
  let client: PGlite;
  if ('inMemory' in options) {
    client = await PGlite.create({ extensions, loadDataDir: options.loadDataDir });
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create(options.dataDir, { extensions });
  }
  // As on the PostgreSQL pool (decision 032): the data is in memory or the page cache, random reads are cheap.
  await client.exec('SET random_page_cost = 1.1');
  return { driver: 'pglite', db: drizzlePglite({ client }), client, close: () => client.close() };
}

/** Rows of a raw query; both drivers answer `{ rows }`, which drizzle's common type leaves unknown. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
