import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

/** Runs a node script of the built API (server or demo seed) with a private data folder. */
function runScript(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [path.join(repoRoot, 'api/dist', script)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

/**
 * Starts the built API (which also serves the built host and remotes) on a free port with a fresh embedded database.
 * `env` overrides configuration, e.g. a REMOTE_*_URL that answers 404. `webDistRoot`: a folder holding `host/dist` and
 * `remote-<name>/dist` to serve instead of the repository's builds (the API then runs from its sources).
 */
export async function startAppServer(
  options: { env?: Record<string, string>; seedDemo?: boolean; webDistRoot?: string } = {},
): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    APP_URL: baseUrl,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  if (options.seedDemo) {
    const seed = runScript('seed-demo.js', env);
    let seedLog = '';
    seed.stdout?.on('data', (d) => (seedLog += d));
    seed.stderr?.on('data', (d) => (seedLog += d));
    const code = await new Promise<number | null>((resolve) => seed.on('exit', resolve));
    if (code !== 0) throw new Error(`seed:demo failed (${code}):\n${seedLog}`);
  }
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
