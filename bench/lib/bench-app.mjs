// The API built from source (through tsx) on a fresh database, for the lead benchmarks: PGlite on disk (as
// `pnpm start` runs it) and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server, a throw-away PostgreSQL
// database created for the run and dropped after it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { createDatabase } from '../../api/src/db/client.ts';
import { createPostgresDatabase } from '../../api/src/test/build-test-app.ts';

export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

/** PGlite always; PostgreSQL too when a server URL is given. */
export function benchEngines() {
  const server = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const engines = [{ name: 'PGlite', kind: 'pglite' }];
  if (server) engines.push({ name: 'PostgreSQL', kind: 'postgres', server });
  return engines;
}

/** A numeric command-line option `--name=value`, or its default. */
export function option(name, fallback) {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split('=')[1]) : fallback;
}

/**
 * `env`: variables as an operator sets them; `options`: what buildApp takes besides (e.g. `realtime.limits`), for the
 * knobs that are not configuration.
 */
export async function startBenchApp(engine, env = {}, options = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-bench-'));
  let dropDatabase;
  let connection;
  if (engine.kind === 'postgres') {
    const database = await createPostgresDatabase(engine.server, 'crm_bench');
    dropDatabase = database.drop;
    connection = await createDatabase({ driver: 'postgres', url: database.url });
  } else {
    connection = await createDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    ...env,
  });
  const app = await buildApp({ ...options, config, connection, logger: { level: 'warn' } });
  await app.ready();

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: BENCH_ADMIN });
  const { accessToken, userData } = login.json();
  const client = connection.driver === 'pglite' ? connection.client : connection.db.$client;
  // Every query the app sends goes through client.query (drizzle's sessions on both drivers call it); while `recording`
  // is set, each call's arguments and start/end times are kept, so the same statements can be replayed on the driver.
  const query = client.query.bind(client);
  let recording;
  client.query = (...args) => {
    if (!recording) return query(...args);
    const entry = { args, start: performance.now(), end: 0 };
    recording.push(entry);
    return Promise.resolve(query(...args)).finally(() => {
      entry.end = performance.now();
    });
  };

  return {
    app,
    connection,
    adminId: userData.id,
    headers: { authorization: `Bearer ${accessToken}` },
    /** Runs SQL on the driver itself, bypassing Fastify and drizzle's mapping. */
    raw: (sql, params) => query(sql, params),
    /**
     * The statements `run` sends to the database, in order, grouped as they ran: a statement sent before the previous
     * ones finished (the page and its count under Promise.all) joins their group.
     */
    async record(run) {
      const entries = [];
      recording = entries;
      try {
        await run();
      } finally {
        recording = undefined;
      }
      const groups = [];
      let groupEnd = -Infinity;
      for (const entry of entries) {
        if (groups.length && entry.start < groupEnd) groups.at(-1).push(entry.args);
        else groups.push([entry.args]);
        groupEnd = Math.max(groupEnd, entry.end);
      }
      return groups;
    },
    /** Sends recorded statement groups straight to the driver: each group's statements together, groups in order. */
    async replay(groups) {
      for (const group of groups) await Promise.all(group.map((args) => query(...args)));
    },
    async close() {
      await app.close();
      await connection.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Milliseconds since `start` (a performance.now() reading). */
export const since = (start) => performance.now() - start;
