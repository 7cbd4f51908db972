// Cold load of a signed-in /build/leads/list to a rendered leads list with data: the federated build (host + remotes,
// as `pnpm build` makes them) against the same app built as one bundle (bench/one-bundle/webpack.config.cjs).
// Chromium, empty cache (a fresh context per load), CPU throttled 4× and DevTools' "Fast 3G" network, through the
// DevTools protocol. One server per variant, loaded in turn (RUNS each), so a busy machine slows all alike:
//   federated                          the API as it is: remotes manifest inlined in the page, preload hints for the
//                                      route's remote and page, every text asset brotli-compressed (docs/decisions/038);
//   federated, uncompressed            the same without the build's .br/.gz copies: every file as built;
//   federated, uncompressed, no hints  also without the host's mf-manifest.json, so the API serves the page as built
//                                      and the host fetches /build/remotes.json and the remote's files one after
//                                      another (what every load did before decision 038);
//   one bundle, uncompressed / one bundle   no federation at all, served alike.
// Prints median and p90 of each, the ratios (each federated variant against the bundle served alike), and the requests
// of each variant's median load in the order they started, with their priority, initiator and bytes on the wire.
// Usage: pnpm build && pnpm bench:federation-vs-bundle. RUNS=20 by default; SKIP_BUNDLE_BUILD=1 reuses the bundle;
// VARIANTS='<label>;<label>' loads only those (the last must be a one-bundle one); by default all but "no hints".
// Needs /usr/bin/chromium (or CHROMIUM_PATH).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { compressDist } from '../tooling/compress.mjs';

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
// The same brotli and gzip copies as every front end's build gets from tooling/build.mjs (rewritten: a reused bundle
// may predate them).
await compressDist(bundleDist);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

// Each variant is another API process whose web root links to the builds, so all answer with the same server,
// headers and data (each its own embedded database, seeded alike).
const scratch = mkdtempSync(path.join(tmpdir(), 'crm-fed-vs-bundle-'));
/** `dist` mirrored into `target` by links to its files, leaving out the files `skip` names. */
function mirror(dist, target, skip) {
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(dist, { withFileTypes: true })) {
    const from = path.join(dist, entry.name);
    if (entry.isDirectory()) mirror(from, path.join(target, entry.name), skip);
    else if (!skip(entry.name)) symlinkSync(from, path.join(target, entry.name));
  }
}
const PRECOMPRESSED = /\.(br|gz)$/;
/**
 * A web root over the builds: `hostDist` as the host; `compressed: false` leaves out the .br/.gz copies (everything
 * is sent as built, as before docs/decisions/038's compression); `hints: false` leaves out the host's
 * mf-manifest.json, so the API serves its page as built, without the inlined manifest and preloads.
 */
function webRoot(name, hostDist, { compressed = true, hints = true } = {}) {
  const dir = path.join(scratch, name);
  const skip = (file) => (!compressed && PRECOMPRESSED.test(file)) || (!hints && file === 'mf-manifest.json');
  mirror(hostDist, path.join(dir, 'host', 'dist'), skip);
  for (const remote of ['remote-leads', 'remote-documents', 'remote-admin']) {
    mirror(path.join(root, remote, 'dist'), path.join(dir, remote, 'dist'), (file) => !compressed && PRECOMPRESSED.test(file));
  }
  return dir;
}
const hostDist = path.join(root, 'host', 'dist');
/** label → web root (null: the checkout's own builds, as `pnpm start` serves them). */
const VARIANTS = [
  ['federated', null],
  ['federated, uncompressed', webRoot('federated-raw', hostDist, { compressed: false })],
  ['federated, uncompressed, no hints', webRoot('federated-raw-no-hints', hostDist, { compressed: false, hints: false })],
  ['one bundle, uncompressed', webRoot('bundle-raw', bundleDist, { compressed: false })],
  ['one bundle', webRoot('bundle', bundleDist)],
].filter(([label]) =>
  // By default all but the historical one (no hints), which shows only what decision 038's first step bought.
  process.env.VARIANTS ? process.env.VARIANTS.split(';').includes(label) : label !== 'federated, uncompressed, no hints',
);

const servers = [];
/** One API process per variant, all started alike (from source through tsx), `webRoot` its front-end builds. */
async function startServer(label, webRoot) {
  const port = await freePort();
  const dataDir = path.join(scratch, `data-${label}`);
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '',
    ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' };
  spawnSync('node', ['api/dist/seed-demo.js'], { cwd: root, env, stdio: 'ignore' });
  const server = spawn('node', ['--import', 'tsx', 'lib/serve-web-root.mjs', ...(webRoot ? [webRoot] : [])], { cwd: path.join(root, 'bench'), env, stdio: 'ignore' });
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
  ['leads list page chunk', (p) => /^\/build\/remotes\/leads\/assets\/__federation_expose_leads_list_page\./.test(p)],
  ['first /api/leads answer', (p) => p.startsWith('/api/leads')],
];

let browser;
try {
  const urls = await Promise.all(VARIANTS.map(([, dir], i) => startServer(`variant-${i}`, dir)));
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
  const variants = [];
  for (const [i, [label]] of VARIANTS.entries()) variants.push(await variant(label, urls[i]));
  if (!variants.at(-1).label.startsWith('one bundle')) throw new Error('VARIANTS must end with a one-bundle variant');

  async function coldLoad(variant) {
    // A new context has an empty HTTP cache; the session cookie comes from the sign-in above.
    const context = await browser.newContext({ storageState: variant.state });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // What the DevTools protocol says of each request: its priority, what started it and its bytes on the wire.
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', ({ requestId, request, initiator }) => {
      const by = initiator.url ?? initiator.stack?.callFrames?.[0]?.url ?? initiator.stack?.parent?.callFrames?.[0]?.url;
      requests.set(requestId, { url: request.url, priority: request.initialPriority, initiator: initiator.type, by, bytes: 0 });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const request = requests.get(requestId);
      if (request) request.bytes = encodedDataLength;
    });
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
    const detail = new Map([...requests.values()].map((r) => [new URL(r.url).pathname, r]));
    variant.times.push(ms);
    variant.loads.push({ ms, resources, detail, bytes: [...requests.values()].reduce((sum, r) => sum + r.bytes, 0) });
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
  console.log(`\n  ${''.padEnd(34)} ${'median'.padStart(9)} ${'p90'.padStart(9)}`);
  for (const v of variants) console.log(`  ${v.label.padEnd(34)} ${s(median(v.times)).padStart(9)} ${s(quantile(v.times, 0.9)).padStart(9)}`);
  // Each federated variant against the bundle served alike (compressed or not), when that one was loaded too.
  const bundles = variants.filter((v) => v.label.startsWith('one bundle'));
  for (const v of variants.filter((x) => !bundles.includes(x))) {
    const uncompressed = v.label.includes('uncompressed');
    const bundle = bundles.find((b) => b.label.includes('uncompressed') === uncompressed) ?? bundles.at(-1);
    console.log(`  ratio ${v.label} / ${bundle.label}: median ${(median(v.times) / median(bundle.times)).toFixed(2)}×, ` +
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
    console.log(`\n  ${v.label}: the requests of its median load (${s(load.ms)}, ${(load.bytes / 1024).toFixed(0)} KiB on the wire), ` +
      'by start: start → end, KiB, priority, started by');
    const short = (url) => (url ? new URL(url).pathname.replace(/^\/build\/(remotes\/)?/, '') : '');
    for (const [p, start, end] of [...load.resources].sort((a, b) => a[1] - b[1])) {
      const d = load.detail.get(p);
      const how = d ? `${(d.bytes / 1024).toFixed(1).padStart(6)} ${d.priority.padEnd(8)} ${d.initiator}${d.by ? ` ${short(d.by)}` : ''}` : '';
      console.log(`    ${s(start).padStart(8)} → ${s(end).padStart(8)} ${how}  ${p}`);
    }
  }
} finally {
  await browser?.close();
  for (const server of servers) server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(scratch, { recursive: true, force: true });
}
