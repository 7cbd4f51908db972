// Lighthouse on the built app, as issue 25 measures it (login, leads list, lead detail, lead form, documents list,
// dashboard): each page on Lighthouse's default mobile profile (a mid-range phone: 4× slower CPU, slow 4G) and on its
// desktop profile, with the HTTP cache emptied before every run. The app is
// `api/dist/server.js` on a fresh PGlite with the demo data (`seed-demo.js`, DEMO_LEADS leads, 240 unless set); the
// signed-in pages run with the Admin's session in the browser's localStorage, set once through the real sign-in
// call. Prints performance, LCP, TBT and CLS per page and profile, and the median of RUNS runs (1 unless set).
// Needs `pnpm build` (api/dist, host/dist and the remotes) and Debian's Chromium (`CHROMIUM_PATH` to change it).
// Usage: pnpm bench:lighthouse [-- --runs=3 --only=login,leads-list --save=/tmp/lh]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN = { email: 'lighthouse@bench.test', password: 'bench-Lighthouse-password-1' };
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 1);
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1]?.split(',');
/** `--save=DIR` writes each run's full report (`<page>-<profile>-<run>.json`) there, to read its long tasks and shifts. */
const SAVE = process.argv.find((a) => a.startsWith('--save='))?.split('=')[1];

/** The pages of issue 25; `path` may use the first lead's id. */
const PAGES = [
  { name: 'login', path: () => '/build/login', signedIn: false },
  { name: 'leads-list', path: () => '/build/leads/list', signedIn: true },
  { name: 'lead-detail', path: ({ leadId }) => `/build/leads/${leadId}`, signedIn: true },
  { name: 'lead-form', path: () => '/build/leads/create', signedIn: true },
  { name: 'documents-list', path: () => '/build/document/list', signedIn: true },
  { name: 'dashboard', path: () => '/build/dashboard', signedIn: true },
].filter((page) => !ONLY || ONLY.includes(page.name));

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

async function startApp() {
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
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    const ready = await fetch(`${baseUrl}/api/ready`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the server did not answer within 60 s:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    stop: async () => {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function signIn(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const session = await response.json();
  const leads = await fetch(`${baseUrl}/api/leads`, { headers: { authorization: `Bearer ${session.accessToken}` } }).then((r) => r.json());
  return { session, leadId: leads.data?.[0]?.id };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

const app = await startApp();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
try {
  const { session, leadId } = await signIn(app.baseUrl);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  /** Signed in or out, as the SPA keeps it (shared/src/api-client/storage.ts), before the page is measured. */
  async function prepare(signedIn) {
    await page.goto(`${app.baseUrl}/api/health`);
    await page.evaluate(
      (s) => {
        localStorage.clear();
        if (!s) return;
        localStorage.setItem('accessToken', s.accessToken);
        localStorage.setItem('userData', JSON.stringify(s.userData));
        localStorage.setItem('userAbilityRules', JSON.stringify(s.userAbilityRules));
      },
      signedIn ? session : null,
    );
    await cdp.send('Network.clearBrowserCache');
  }

  console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} on ${app.baseUrl}, Chromium ${await browser.version()}, median of ${RUNS} run(s), load average ${os.loadavg()[0].toFixed(1)} at start`);
  console.log(`${'page'.padEnd(16)}${'profile'.padEnd(9)}${'perf'.padStart(5)}${'LCP s'.padStart(8)}${'TBT ms'.padStart(8)}${'CLS'.padStart(7)}${'FCP s'.padStart(7)}`);
  for (const target of PAGES) {
    for (const [profile, config] of [
      ['mobile', undefined],
      ['desktop', desktopConfig],
    ]) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        await prepare(target.signedIn);
        const url = `${app.baseUrl}${target.path({ leadId })}`;
        const result = await lighthouse(url, { onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error' }, config, page);
        const { audits, categories } = result.lhr;
        if (SAVE) {
          mkdirSync(SAVE, { recursive: true });
          writeFileSync(path.join(SAVE, `${target.name}-${profile}-${i + 1}.json`), JSON.stringify(result.lhr));
        }
        runs.push({
          perf: Math.round(categories.performance.score * 100),
          lcp: audits['largest-contentful-paint'].numericValue / 1000,
          tbt: audits['total-blocking-time'].numericValue,
          cls: audits['cumulative-layout-shift'].numericValue,
          fcp: audits['first-contentful-paint'].numericValue / 1000,
          finalUrl: result.lhr.finalDisplayedUrl,
        });
      }
      const pick = (key) => median(runs.map((run) => run[key]));
      const landed = runs.at(-1).finalUrl.endsWith(target.path({ leadId })) ? '' : `  (landed on ${new URL(runs.at(-1).finalUrl).pathname})`;
      console.log(
        `${target.name.padEnd(16)}${profile.padEnd(9)}${String(pick('perf')).padStart(5)}${pick('lcp').toFixed(1).padStart(8)}` +
          `${pick('tbt').toFixed(0).padStart(8)}${pick('cls').toFixed(3).padStart(7)}${pick('fcp').toFixed(1).padStart(7)}${landed}`,
      );
    }
  }
  await browser.disconnect();
} finally {
  await chrome.kill();
  await app.stop();
}
