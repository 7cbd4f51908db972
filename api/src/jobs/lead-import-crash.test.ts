import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { LeadImportJob } from '@crm/shared/schemas';
import { findPackageRoot } from '../package-root';
import { createPostgresDatabase, TEST_ADMIN, testDrivers } from '../test/build-test-app';
import { multipart } from '../test/multipart';
import { migratedPgliteSnapshot } from '../test/database-template';

const ROWS = 9_000;
const SURNAME = 'Аварийный';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The API as `pnpm --filter @crm/api dev` runs it, in its own process, so it can be killed like a crashed server. */
function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: findPackageRoot(),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  return { child, output: () => log };
}

async function waitForReady(baseUrl: string, server: ReturnType<typeof startServer>) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`The server exited:\n${server.output()}`);
    const ready = await fetch(`${baseUrl}/api/ready`).then((r) => r.ok).catch(() => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become ready:\n${server.output()}`);
}

for (const driver of testDrivers()) {
  describe(`a lead import survives its worker's crash (${driver})`, () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-crash-'));
    let env: Record<string, string>;
    let baseUrl: string;
    let drop: (() => Promise<void>) | undefined;
    const running: ChildProcess[] = [];

    before(async () => {
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      let databaseUrl = '';
      // A migrated database to start from: the server then skips initdb and the migrations, the slow part of a first start.
      if (driver === 'postgres') {
        const database = await createPostgresDatabase(undefined, undefined, { migrated: true });
        drop = database.drop;
        databaseUrl = database.url;
      } else {
        const pglite = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm }, loadDataDir: await migratedPgliteSnapshot() });
        await pglite.close();
      }
      env = {
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        LOG_LEVEL: 'warn',
      };
    });
    after(async () => {
      for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      await drop?.();
    });

    test('killed with SIGKILL mid-file, the restarted server resumes the import: no row lost, none written twice', async () => {
      const first = startServer(env);
      running.push(first.child);
      await waitForReady(baseUrl, first);
      const signIn = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(TEST_ADMIN),
      });
      const auth = { authorization: `Bearer ${((await signIn.json()) as { accessToken: string }).accessToken}` };

      const lines = ['Фамилия,Имя,Телефон'];
      for (let i = 1; i <= ROWS; i++) lines.push(`${SURNAME},Имя${i},+7 931 ${String(i).padStart(7, '0')}`);
      const form = multipart({ on_duplicate: 'create' }, { field: 'file', filename: 'crash.csv', content: lines.join('\n'), contentType: 'text/csv' });
      const started = await fetch(`${baseUrl}/api/leads/import`, { method: 'POST', headers: { ...auth, ...form.headers }, body: form.payload });
      assert.equal(started.status, 202);
      const { id } = ((await started.json()) as { data: LeadImportJob }).data;
      const jobOf = async () => ((await (await fetch(`${baseUrl}/api/leads/import/${id}`, { headers: auth })).json()) as { data: LeadImportJob }).data;

      let atCrash = await jobOf();
      while (atCrash.processed === 0) atCrash = await jobOf();
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      assert.ok(atCrash.processed < ROWS, `the import had already ended (${atCrash.processed} rows) when the server was killed`);

      const second = startServer(env);
      running.push(second.child);
      await waitForReady(baseUrl, second);
      const statuses = new Set<string>();
      let end = await jobOf();
      while (end.status !== 'done' && end.status !== 'failed') {
        statuses.add(end.status);
        await new Promise((resolve) => setTimeout(resolve, 100));
        end = await jobOf();
      }
      assert.equal(end.status, 'done', `${JSON.stringify(end)}\n${second.output()}`);
      assert.deepEqual([end.processed, end.created, end.rejected], [ROWS, ROWS, 0]);
      const list = await fetch(`${baseUrl}/api/leads?per_page=5&search=${encodeURIComponent(SURNAME)}`, { headers: auth });
      assert.equal(((await list.json()) as { meta: { total: number } }).meta.total, ROWS, 'each row is in the database exactly once');
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
    });
  });
}
