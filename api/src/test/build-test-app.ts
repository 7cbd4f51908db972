import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { type App, buildApp, type BuildAppOptions } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { createDatabase, createPglite, type DatabaseConnection } from '../db/client';
import { migratedPgliteSnapshot, migratedPostgresTemplate } from './database-template';
import type { TestS3Server } from './s3-server';

export type TestDriver = 'pglite' | 'postgres';

export const TEST_ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it when one answers). */
export function testDrivers(): TestDriver[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export type TestStorage = 'local' | 's3';

/** Both file storage drivers: the file tests run on each (docs/decisions/053). */
export function storageDrivers(): TestStorage[] {
  return ['local', 's3'];
}

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

export interface TestApp {
  app: App;
  config: AppConfig;
  connection: DatabaseConnection;
  /** The throw-away PostgreSQL database (postgres driver only). */
  databaseUrl?: string;
  /** Every structured log line the app wrote, parsed. */
  logs: LogLine[];
  /** The S3 server the app stores its files in (storage `s3` only). */
  s3?: TestS3Server;
  /** Signs in through the API and returns the bearer token. */
  login(email?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface BuildTestAppOptions {
  driver?: TestDriver;
  /** `s3`: files go to a bucket on an s3rver started for this app (and stopped by `close`). Default `local`. */
  storage?: TestStorage;
  /** Extra environment for loadConfig (e.g. REMOTE_LEADS_URL, PUSHER_URL). */
  env?: Record<string, string>;
  /** Overrides applied after parsing, for values that are not environment variables. */
  config?: Partial<AppConfig>;
  /**
   * A second instance of the app on the same database as this one (as two servers behind a load balancer would
   * be): closing it leaves the database to its first owner.
   */
  sameDatabaseAs?: TestApp;
  /** Passed to buildApp: sees every route as it is added. */
  onRoute?: BuildAppOptions['onRoute'];
  /** Passed to buildApp: limits of the embedded realtime endpoint. */
  realtime?: BuildAppOptions['realtime'];
  /** Adds test-only routes before the app is ready (e.g. one that throws an unexpected error). */
  routes?: (app: App) => void;
}

/**
 * A throw-away database on a PostgreSQL server (tests, benchmarks), dropped by the returned `drop`: empty, or with
 * `migrated`, a copy of the migrated template (src/test/database-template.ts), as the app's first start leaves one.
 */
export async function createPostgresDatabase(
  serverUrl = process.env.TEST_DATABASE_URL!,
  prefix = 'crm_test',
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = migrated ? await migratedPostgresTemplate(serverUrl) : undefined;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The whole app on a fresh database (in-memory PGlite from a migrated snapshot, or a new PostgreSQL database copied
 * from a migrated template), seeded with TEST_ADMIN. One per test file: build it in `before`, close it in `after`.
 */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const driver = options.driver ?? 'pglite';
  // s3rver and its dependencies load only in the files that use it.
  const s3 = options.storage === 's3' ? await (await import('./s3-server')).startS3Server() : undefined;
  const config: AppConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      DATA_DIR: '/nonexistent-test-data-dir',
      APP_URL: 'http://crm.test',
      LOG_LEVEL: 'info',
      ...s3?.env,
      ...options.env,
    }),
    // Idle workers look for jobs often and failed jobs run again at once, so tests do not wait on timers.
    jobs: { pollSeconds: 0.25, superviseSeconds: 30, retryDelaySeconds: 0 },
    ...options.config,
  };

  let dropDatabase: (() => Promise<void>) | undefined;
  let connection: DatabaseConnection;
  let ownsConnection = true;
  let databaseUrl: string | undefined;
  if (options.sameDatabaseAs?.databaseUrl) {
    // Its own pool to the same server database, like another process.
    databaseUrl = options.sameDatabaseAs.databaseUrl;
    connection = await createDatabase({ driver: 'postgres', url: databaseUrl });
  } else if (options.sameDatabaseAs) {
    // PGlite lives in this process: the other instance shares the one connection.
    connection = options.sameDatabaseAs.connection;
    ownsConnection = false;
  } else if (driver === 'postgres') {
    const database = await createPostgresDatabase(undefined, undefined, { migrated: true });
    dropDatabase = database.drop;
    databaseUrl = database.url;
    connection = await createDatabase({ driver: 'postgres', url: database.url });
  } else {
    connection = await createPglite({ driver: 'pglite', inMemory: true, loadDataDir: await migratedPgliteSnapshot() });
  }

  const logs: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });

  const app = await buildApp({ config, connection, logger: { level: 'info', stream }, onRoute: options.onRoute, realtime: options.realtime });
  options.routes?.(app);
  await app.ready();

  return {
    app,
    config,
    connection,
    databaseUrl,
    logs,
    s3,
    async login(email = TEST_ADMIN.email, password = TEST_ADMIN.password) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (response.statusCode !== 200) throw new Error(`Sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
      return (response.json() as { accessToken: string }).accessToken;
    },
    async close() {
      await app.close();
      if (ownsConnection) await connection.close();
      await dropDatabase?.();
      await s3?.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
