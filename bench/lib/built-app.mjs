// The built app (`api/dist/server.js`) on a fresh PGlite with the demo data, as the browser benches load it
// (bench:lighthouse, main-thread.mjs), and the Admin's session for the signed-in pages.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BUILT_APP_ADMIN = { email: 'lighthouse@bench.test', password: 'bench-Lighthouse-password-1' };
const ADMIN = BUILT_APP_ADMIN;

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function runNode(script, env, { wait }) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'api/dist', script)], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  if (!wait) return { child, output: () => output };
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${script} exited ${code}:\n${output}`)))),
  );
}

export async function startBuiltApp() {
  for (const built of ['api/dist/server.js', 'host/dist']) {
    if (!existsSync(path.join(repoRoot, built))) throw new Error(`${built} is missing: run pnpm build first`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-lighthouse-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    APP_URL: baseUrl,
    LOG_LEVEL: 'warn',
  };
  await runNode('seed-demo.js', env, { wait: true });
  const server = runNode('server.js', env, { wait: false });
  const stop = async () => {
    if (server.child.exitCode === null) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Two minutes: on the shared machine under load a cold start takes more than one.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    const ready = await fetch(`${baseUrl}/api/ready`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      // Not left running behind the failed bench.
      await stop();
      throw new Error(`the server did not answer within 120 s:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, stop };
}

export async function signInBuiltApp(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const session = await response.json();
  const leads = await fetch(`${baseUrl}/api/leads`, { headers: { authorization: `Bearer ${session.accessToken}` } }).then((r) => r.json());
  return { session, leadId: leads.data?.[0]?.id };
}

/**
 * Puts `session` where the SPA keeps it (the app origin's localStorage, shared/src/api-client/storage.ts), or signs
 * out with `null`, for a puppeteer page about to open the app.
 */
export async function storeSession(page, baseUrl, session) {
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate((s) => {
    localStorage.clear();
    if (!s) return;
    localStorage.setItem('accessToken', s.accessToken);
    localStorage.setItem('userData', JSON.stringify(s.userData));
    localStorage.setItem('userAbilityRules', JSON.stringify(s.userAbilityRules));
  }, session);
}

/** Issue 25's pages on the built app (`path` may use the first lead's id), those of `only` when given. */
export function issuePages(only) {
  return [
    { name: 'login', path: () => '/build/login', signedIn: false },
    { name: 'leads-list', path: () => '/build/leads/list', signedIn: true },
    { name: 'lead-detail', path: ({ leadId }) => `/build/leads/${leadId}`, signedIn: true },
    { name: 'lead-form', path: () => '/build/leads/create', signedIn: true },
    { name: 'documents-list', path: () => '/build/document/list', signedIn: true },
    { name: 'dashboard', path: () => '/build/dashboard', signedIn: true },
  ].filter((page) => !only || only.includes(page.name));
}

/** The median of numbers (the lower middle of an even count), `undefined` for none. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
