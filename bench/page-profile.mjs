// Where a page's main-thread time goes on a slow phone, by source file: the built app (api/dist/server.js, fresh PGlite,
// the demo data, as bench/lighthouse.mjs runs it) in Chromium at 412×823 with the CPU 4× slower and the HTTP cache off,
// the Admin signed in; a V8 CPU profile and a trace from navigation until the network has been quiet and 2 s more.
// Each sample is mapped through the build's source maps to its package or file. Prints self time by package and by
// file, inclusive time by app file, and every long task (≥ 50 ms) of the page's main thread with the script that
// started it and where its samples went. Lighthouse names a long task after one script (a remote's chunk, main.js);
// this says what ran inside it. Figures are observed (4× CPU), not Lighthouse's simulation, and grow with the load.
// Needs `pnpm build`. Usage: node bench/page-profile.mjs [--page=lead-detail|lead-edit|lead-form|documents-list|dashboard|leads-list]
//   [--top=40] [--screenshot=FILE (a full-page screenshot and where each card of the page sits)]
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { createRequire } from 'node:module';
import { signInBuiltApp, startBuiltApp, storeSession } from './lib/built-app.mjs';

const require = createRequire(import.meta.url);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { SourceMapConsumer } = require(require.resolve('source-map-js', { paths: [path.resolve(fileURLToPath(import.meta.url), '../../node_modules/.pnpm/node_modules')] }));

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const PAGE = arg('page', 'lead-detail');
const TOP = Number(arg('top', 40));
/** `--screenshot=FILE`: a full-page screenshot once loaded, and where each card of the page sits. */
const SCREENSHOT = arg('screenshot', '');
const PATHS = {
  'leads-list': () => '/build/leads/list',
  'lead-detail': ({ leadId }) => `/build/leads/${leadId}`,
  'lead-form': () => '/build/leads/create',
  'lead-edit': ({ leadId }) => `/build/leads/${leadId}/edit`,
  'documents-list': () => '/build/document/list',
  dashboard: () => '/build/dashboard',
};

const app = await startBuiltApp();
const { baseUrl } = app;
const { session, leadId } = await signInBuiltApp(baseUrl);

const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const consumers = new Map();
function consumerFor(url) {
  if (consumers.has(url)) return consumers.get(url);
  let consumer = null;
  const m = /^https?:\/\/[^/]+\/build\/(.*)$/.exec(url);
  if (m) {
    let rel = m[1];
    let file;
    if (rel.startsWith('remotes/')) { const [, name, ...rest] = rel.split('/'); file = path.join(repoRoot, `remote-${name}`, 'dist', ...rest); }
    else file = path.join(repoRoot, 'host/dist', rel);
    if (existsSync(`${file}.map`)) consumer = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
  }
  consumers.set(url, consumer);
  return consumer;
}
const pkgOf = (source) => {
  const m = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(source);
  return m ? m[1] : source.replace(/^webpack:\/\/[^/]+\//, '').replace(/^(\.\.\/)?([^/]+\/src\/[^/]+(\/[^/]+)?).*/, '$2');
};
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  await storeSession(page, baseUrl, session);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await cdp.send('Profiler.start');
  const url = `${baseUrl}${PATHS[PAGE]({ leadId })}`;
  await page.goto(url, { waitUntil: 'networkidle0', timeout: 120_000 });
  await new Promise((r) => setTimeout(r, 2000));
  const { profile } = await cdp.send('Profiler.stop');
  if (SCREENSHOT) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('main section, main form, footer')].map((e) => {
        const r = e.getBoundingClientRect();
        return `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''} "${(e.getAttribute('aria-label') ?? e.querySelector('h2, h3')?.textContent ?? '').slice(0, 40)}" top ${Math.round(r.top + scrollY)} height ${Math.round(r.height)}`;
      }),
    );
    console.log(`window ${await page.evaluate(() => `${innerWidth}×${innerHeight}`)}\n${boxes.join('\n')}`);
  }
  const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString("utf8"));
  // Self time per node: samples × interval.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dts = profile.timeDeltas;
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dts[i + 1] ?? 0) / 1000));
  const bySource = new Map();
  const byPkg = new Map();
  for (const [id, ms] of self) {
    const { callFrame } = byId.get(id);
    let key = callFrame.url ? callFrame.url.replace(/^https?:\/\/[^/]+/, '') : `(${callFrame.functionName || 'native'})`;
    const consumer = callFrame.url ? consumerFor(callFrame.url) : null;
    if (consumer) {
      const pos = consumer.originalPositionFor({ line: callFrame.lineNumber + 1, column: callFrame.columnNumber });
      if (pos.source) key = `${pos.source}`;
    }
    bySource.set(key, (bySource.get(key) ?? 0) + ms);
    const pkg = consumer ? pkgOf(key) : key;
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + ms);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`${PAGE}: ${url}, CPU 4× slower, load average ${os.loadavg()[0].toFixed(1)}; profiled self time ${total.toFixed(0)} ms`);
  console.log('-- by package / source folder');
  for (const [k, v] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${v.toFixed(0).padStart(7)}  ${k}`);
  console.log('-- by source file');
  for (const [k, v] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${v.toFixed(0).padStart(7)}  ${k.replace(/^webpack:\/\/[^/]+\//, '')}`);
  // Inclusive time per source file of the app (not node_modules): each sample counts once for every app file on its stack,
  // so a component's file holds the rendering, styling and layout work it started.
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const frameSource = new Map();
  const sourceOfNode = (id) => {
    if (frameSource.has(id)) return frameSource.get(id);
    const { callFrame } = byId.get(id);
    let source = null;
    const consumer = callFrame.url ? consumerFor(callFrame.url) : null;
    if (consumer) {
      const pos = consumer.originalPositionFor({ line: callFrame.lineNumber + 1, column: callFrame.columnNumber });
      if (pos.source && !pos.source.includes('node_modules') && !pos.source.includes('webpack/')) source = pos.source.replace(/^webpack:\/\/[^/]+\//, '');
    }
    frameSource.set(id, source);
    return source;
  };
  const inclusive = new Map();
  for (const [id, ms] of self) {
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const source = sourceOfNode(n);
      if (source && !seen.has(source)) {
        seen.add(source);
        inclusive.set(source, (inclusive.get(source) ?? 0) + ms);
      }
    }
  }
  console.log('-- inclusive time by app source file');
  for (const [k, v] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${v.toFixed(0).padStart(7)}  ${k}`);
  // Long tasks on the page's main thread, each with the sources its samples spent most self time in.
  const events = trace.traceEvents;
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.name === 'RunTask' && e.dur >= 50_000 && mains.has(`${e.pid}:${e.tid}`)).sort((a, b) => a.ts - b.ts);
  const sampleTimes = [];
  let t = profile.startTime;
  profile.samples.forEach((id, i) => { t += dts[i] ?? 0; sampleTimes.push([t, id, (dts[i + 1] ?? 0) / 1000]); });
  const keyOf = (id) => {
    const { callFrame } = byId.get(id);
    let key = callFrame.url ? callFrame.url.replace(/^https?:\/\/[^/]+/, '') : `(${callFrame.functionName || 'native'})`;
    const consumer = callFrame.url ? consumerFor(callFrame.url) : null;
    if (consumer) {
      const pos = consumer.originalPositionFor({ line: callFrame.lineNumber + 1, column: callFrame.columnNumber });
      if (pos.source) key = pkgOf(pos.source);
    }
    return key;
  };
  const first = tasks[0]?.ts ?? 0;
  let blocking = 0;
  console.log('-- long tasks on the main thread (ms from the first, duration; top self time inside)');
  for (const task of tasks) {
    blocking += task.dur / 1000 - 50;
    const inner = events.find((e) => e.ts >= task.ts && e.ts <= task.ts + task.dur && mains.has(`${e.pid}:${e.tid}`) && ['EvaluateScript', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'ParseHTML'].includes(e.name));
    const what = inner ? `${inner.name} ${(inner.args?.data?.url ?? '').replace(/^https?:\/\/[^/]+/, '').replace(/^\/build\//, '')}` : '';
    const inside = new Map();
    for (const [ts, id, ms] of sampleTimes) if (ts >= task.ts && ts <= task.ts + task.dur) { const k = keyOf(id); inside.set(k, (inside.get(k) ?? 0) + ms); }
    const top = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k.replace(/^webpack:\/\/[^/]+\//, '')} ${v.toFixed(0)}`).join(', ');
    console.log(`${((task.ts - first) / 1000).toFixed(0).padStart(7)} ${(task.dur / 1000).toFixed(0).padStart(6)}  ${what}\n            ${top}`);
  }
  console.log(`sum of (long task - 50 ms): ${blocking.toFixed(0)} ms (observed, not Lighthouse's simulation)`);
} finally {
  await browser.close();
  await app.stop();
}
