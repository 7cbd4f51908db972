import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const ADMIN = { email: 'admin@e2e.test', password: 'e2e-Admin-password-1' };

export interface AppServer {
  baseUrl: string;
  dataDir: string;
  /** Everything the server has written so far (with LOG_LEVEL=info: the mails it would have sent). */
  output: () => string;
  stop: () => Promise<void>;
  /** Stops the server process, keeping its data, and starts it again on the same port once `whileDown` resolves. */
  restart: (whileDown?: () => Promise<void>) => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  // A first start creates the embedded database; on a shared, busy machine that alone can take over a minute.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API did not become ready:\n${output()}`);
}

/** Runs a node script of the built API (server, migrate or demo seed) with a private data folder. */
function runScript(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [path.join(repoRoot, 'api/dist', script)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs a command of the built API (migrate, demo seed) to its end; throws with its output when it fails. */
async function runToEnd(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  const child = runScript(script, env);
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${script} failed (${code}):\n${log}`);
}

/** The API from its sources, serving the front ends from `webDistRoot` instead of the repository (serve-web-root.mjs). */
function runServerOnWebRoot(webDistRoot: string, env: NodeJS.ProcessEnv): ChildProcess {
  const e2eRoot = path.join(repoRoot, 'e2e');
  return spawn(process.execPath, ['--import', 'tsx', path.join(e2eRoot, 'support/serve-web-root.mjs'), webDistRoot], {
    cwd: e2eRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** What a server's first start and the demo seed write depends on: the database, the Admin the tests sign in as. */
const SEED_ENV = { DATABASE_URL: '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

/** Names the folder support/global-setup.mjs made, for the test files (child processes) of the run. */
export const DATA_TEMPLATES_VARIABLE = 'CRM_E2E_DATA_TEMPLATES';

/**
 * Two data folders in `folder`, made by the built API's own commands, for `startAppServer` to copy (a copy costs a
 * fraction of PGlite's initdb, the migrations and the demo seed): `base` as a first start leaves it (`migrate`: the
 * migrations and the base seed), `demo` with the demo seed's default data on top (`seed-demo`).
 */
export async function makeDataTemplates(folder: string): Promise<void> {
  const env = { ...SEED_ENV, LOG_LEVEL: 'warn' };
  await runToEnd('migrate.js', { ...env, DATA_DIR: path.join(folder, 'base') });
  cpSync(path.join(folder, 'base'), path.join(folder, 'demo'), { recursive: true });
  await runToEnd('seed-demo.js', { ...env, DATA_DIR: path.join(folder, 'demo') });
}

/**
 * Starts the built API (which also serves the built host and remotes) on a free port with a fresh embedded database:
 * a copy of the run's template (support/global-setup.mjs) when there is one and `env` seeds the same, else a first
 * start in an empty folder. `seedDemo` adds the demo data (DEMO_LEADS in `env` for another number of leads).
 * `env` overrides configuration, e.g. a REMOTE_*_URL that answers 404. `webDistRoot`: a folder holding `host/dist` and
 * `remote-<name>/dist` to serve instead of the repository's builds (the API then runs from its sources).
 */
export async function startAppServer(
  options: { env?: Record<string, string>; seedDemo?: boolean; webDistRoot?: string } = {},
): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...SEED_ENV,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const templates = process.env[DATA_TEMPLATES_VARIABLE];
  const seedsAsTemplates = Object.entries(SEED_ENV).every(([name, value]) => env[name] === value);
  const demoAsTemplate = options.seedDemo && options.env?.DEMO_LEADS === undefined;
  if (templates && seedsAsTemplates) cpSync(path.join(templates, demoAsTemplate ? 'demo' : 'base'), dataDir, { recursive: true });
  if (options.seedDemo && !(templates && seedsAsTemplates && demoAsTemplate)) await runToEnd('seed-demo.js', env);
  let child: ChildProcess;
  // Everything the server wrote, across restarts.
  let log = '';
  const start = async () => {
    child = options.webDistRoot ? runServerOnWebRoot(options.webDistRoot, env) : runScript('server.js', env);
    child.stdout?.on('data', (d) => (log += d));
    child.stderr?.on('data', (d) => (log += d));
    await waitForReady(baseUrl, child, () => log);
  };
  const kill = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  };
  await start();
  return {
    baseUrl,
    dataDir,
    output: () => log,
    stop: async () => {
      await kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
    restart: async (whileDown) => {
      await kill();
      await whileDown?.();
      await start();
    },
  };
}
