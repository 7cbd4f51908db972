// Cold load of a signed-in /build/leads/list to a rendered leads list with data: the federated build (host + remotes,
// as `pnpm build` makes them) against the same app built as one bundle (bench/one-bundle/webpack.config.cjs).
// Chromium, empty cache (a fresh context per load), CPU throttled 4× and DevTools' "Fast 3G" network, through the
// DevTools protocol. Three servers, loaded in turn (RUNS each), so a busy machine slows all alike:
//   federated             the API as it is: remotes manifest inlined in the page, preload hints for the route's remote;
//   federated, no hints   the same builds, but the API sees a host without its mf-manifest.json and serves the page
//                         as built, so the host fetches /build/remotes.json and the remote's files one after another
//                         (what every load did before docs/decisions/038);
//   one bundle            no federation at all.
// Prints median and p90 of each, the ratios, and the requests of each variant's median load in the order they started.
// Usage: pnpm build && pnpm bench:federation-vs-bundle. RUNS=20 by default; SKIP_BUNDLE_BUILD=1 reuses the bundle.
// Needs /usr/bin/chromium (or CHROMIUM_PATH).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundleDist = path.join(root, 'bench', 'one-bundle', 'dist');
const RUNS = Number(process.env.RUNS ?? 20);
/** DevTools' "Fast 3G" preset (the one Lighthouse uses): 562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up. */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1000 * 1000 / 8) * 0.9, uploadThroughput: (750 * 1000 / 8) * 0.9 };
const CPU_SLOWDOWN = 4;
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

for (const dir of ['host', 'remote-leads', 'remote-documents', 'remote-admin', 'api']) {
  if (!existsSync(path.join(root, dir, 'dist'))) throw new Error(`${dir}/dist is missing: run \`pnpm build\` first`);
}
if (process.env.SKIP_BUNDLE_BUILD !== '1' || !existsSync(bundleDist)) {
  console.log('Building the one-bundle app (bench/one-bundle)…');
  const result = spawnSync('pnpm', ['exec', 'webpack', '--config', '../bench/one-bundle/webpack.config.cjs', '--mode', 'production'], {
    cwd: path.join(root, 'host'),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the one-bundle build failed');
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

// Each variant is a second or third API process whose web root links to the builds, so all answer with the same
// server, headers and data (each its own embedded database, seeded alike).
const scratch = mkdtempSync(path.join(tmpdir(), 'crm-fed-vs-bundle-'));
function webRoot(name, linkHostDist) {
  const dir = path.join(scratch, name);
  mkdirSync(path.join(dir, 'host'), { recursive: true });
  linkHostDist(path.join(dir, 'host', 'dist'));
  for (const remote of ['remote-leads', 'remote-documents', 'remote-admin']) {
    mkdirSync(path.join(dir, remote));
    symlinkSync(path.join(root, remote, 'dist'), path.join(dir, remote, 'dist'));
  }
  return dir;
}
const bundleWebRoot = webRoot('bundle', (dist) => symlinkSync(bundleDist, dist));
const noHintsWebRoot = webRoot('no-hints', (dist) => {
  mkdirSync(dist);
  const hostDist = path.join(root, 'host', 'dist');
  for (const entry of readdirSync(hostDist)) {
    if (entry !== 'mf-manifest.json') symlinkSync(path.join(hostDist, entry), path.join(dist, entry));
  }
});

const servers = [];
async function startServer(label, extraEnv) {
  const port = await freePort();
  const dataDir = path.join(scratch, `data-${label}`);
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '',
    ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', ...extraEnv };
  spawnSync('node', ['api/dist/seed-demo.js'], { cwd: root, env, stdio: 'ignore' });
  const server = spawn('node', ['api/dist/server.js'], { cwd: root, env, stdio: 'ignore' });
  servers.push(server);
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) return baseUrl;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${label}: the API did not become ready`);
}

const median = (xs) => quantile(xs, 0.5);
function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  const i = (s.length - 1) * q;
  const lo = Math.floor(i);
  return s[lo] + (s[Math.ceil(i)] - s[lo]) * (i - lo);
}

/** Which resource a federated load fetched, by step; the first match wins. */
const STEPS = [
  ['host entry (main.js)', (p) => /^\/build\/assets\/main\./.test(p)],
  ['remotes.json', (p) => p === '/build/remotes.json'],
  ['leads mf-manifest.json', (p) => p === '/build/remotes/leads/mf-manifest.json'],
  ['leads remoteEntry.js', (p) => p === '/build/remotes/leads/remoteEntry.js'],
  ['first /api/leads answer', (p) => p.startsWith('/api/leads')],
];

let browser;
try {
  const [federatedUrl, noHintsUrl, bundleUrl] = await Promise.all([
    startServer('federated', {}),
    startServer('no-hints', { WEB_DIST_ROOT: noHintsWebRoot }),
    startServer('bundle', { WEB_DIST_ROOT: bundleWebRoot }),
  ]);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });

  async function signIn(baseUrl) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/build/login`);
    await page.getByLabel(/email/i).fill(ADMIN.email);
    await page.getByLabel(/password/i).fill(ADMIN.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(/leads\/list/);
    await page.getByRole('cell', { name: /^\+7/ }).first().waitFor();
    const state = await context.storageState();
    await context.close();
    return state;
  }

  const variant = async (label, baseUrl) => ({ label, baseUrl, state: await signIn(baseUrl), times: [], steps: {}, loads: [] });
  const variants = [
    await variant('federated', federatedUrl),
    await variant('federated, no hints', noHintsUrl),
    await variant('one bundle', bundleUrl),
  ];

  async function coldLoad(variant) {
    // A new context has an empty HTTP cache; the session cookie comes from the sign-in above.
    const context = await browser.newContext({ storageState: variant.state });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${variant.baseUrl}/build/leads/list`, { waitUntil: 'commit', timeout: 120_000 });
    // Milliseconds from the navigation's start to the first lead's phone cell in the document.
    const handle = await page.waitForFunction(
      () => {
        const cells = document.querySelectorAll('td, [role="cell"]');
        for (const cell of cells) if (/^\+7/.test(cell.textContent ?? '')) return performance.now();
        return false;
      },
      null,
      { polling: 'raf', timeout: 120_000 },
    );
    const ms = await handle.jsonValue();
    const resources = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, e.startTime, e.responseEnd]),
    );
    await context.close();
    variant.times.push(ms);
    variant.loads.push({ ms, resources });
    for (const [step, match] of STEPS) {
      const entry = resources.find(([p]) => match(p));
      if (entry) (variant.steps[step] ??= []).push([entry[1], entry[2]]);
    }
  }

  console.log(`\nCold load of /build/leads/list to a rendered list with data: ${RUNS} runs each, alternating, ` +
    `CPU ${CPU_SLOWDOWN}× slower, Fast 3G (load average ${loadavg()[0].toFixed(1)})`);
  for (let i = 0; i < RUNS; i++) {
    // Alternate which goes first, so neither always follows the other.
    for (let k = 0; k < variants.length; k++) await coldLoad(variants[(i + k) % variants.length]);
    process.stdout.write(`  run ${i + 1}/${RUNS}: ${variants.map((v) => `${v.label} ${(v.times.at(-1) / 1000).toFixed(2)} s`).join(', ')}\n`);
  }

  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`\n  ${''.padEnd(20)} ${'median'.padStart(9)} ${'p90'.padStart(9)}`);
  for (const v of variants) console.log(`  ${v.label.padEnd(20)} ${s(median(v.times)).padStart(9)} ${s(quantile(v.times, 0.9)).padStart(9)}`);
  const bundle = variants.at(-1);
  for (const v of variants.slice(0, -1)) {
    console.log(`  ratio ${v.label} / one bundle: median ${(median(v.times) / median(bundle.times)).toFixed(2)}×, ` +
      `p90 ${(quantile(v.times, 0.9) / quantile(bundle.times, 0.9)).toFixed(2)}× (target ≤ 1.15×)`);
  }
  for (const v of variants) {
    console.log(`\n  ${v.label}: when each step started and finished (median, from navigation start)`);
    for (const [step] of STEPS) {
      const spans = v.steps[step];
      if (!spans) continue;
      console.log(`    ${step.padEnd(26)} ${s(median(spans.map(([a]) => a))).padStart(8)} → ${s(median(spans.map(([, b]) => b))).padStart(8)}`);
    }
    console.log(`    ${'leads list rendered'.padEnd(26)} ${''.padStart(8)}   ${s(median(v.times)).padStart(8)}`);
  }
  // The whole waterfall of one load per variant, the one closest to its median.
  for (const v of variants) {
    const m = median(v.times);
    const load = v.loads.reduce((best, l) => (Math.abs(l.ms - m) < Math.abs(best.ms - m) ? l : best));
    console.log(`\n  ${v.label}: the requests of its median load (${s(load.ms)}), by start`);
    for (const [p, start, end] of [...load.resources].sort((a, b) => a[1] - b[1])) {
      console.log(`    ${s(start).padStart(8)} → ${s(end).padStart(8)}  ${p}`);
    }
  }
} finally {
  await browser?.close();
  for (const server of servers) server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(scratch, { recursive: true, force: true });
}
