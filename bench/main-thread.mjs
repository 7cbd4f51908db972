// What holds the main thread while a page starts (issue 25, decision 080): the built app (`api/dist/server.js`, fresh
// PGlite, the demo data, as bench:lighthouse runs it) loaded in Chromium with the CPU 4× slower (Lighthouse's mobile
// multiplier, applied for real here rather than simulated), HTTP cache emptied, the Admin's session in localStorage
// for signed-in pages. Prints, per page, the median over runs of the main thread's tasks of 50 ms and more
// (Lighthouse's long tasks) and their blocking time (each task's time over 50 ms), each long task of the last run with
// what it did (script evaluation by file, style, layout, parsing, garbage collection), and the functions that took
// the most self time in those long tasks (a V8 CPU profile mapped through the source maps to the package or source
// file).
// Needs `pnpm build`. Usage: node bench/main-thread.mjs [--only=login,leads-list] [--runs=3] [--profile] [--top=25] [--cpu=4]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map-js';
import { issuePages, median, signInBuiltApp, startBuiltApp, storeSession } from './lib/built-app.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const RUNS = Number(arg('runs') ?? 1);
const TOP = Number(arg('top') ?? 25);
/** Chromium's own CPU throttling; observed tasks are scaled by 4 / CPU to read as Lighthouse's simulated phone. */
const CPU = Number(arg('cpu') ?? 1);
const SCALE = 4 / CPU;
const ONLY = arg('only')?.split(',');
/** `--profile`: also a V8 CPU profile, for the functions (it slows the page's scripts, so tasks read longer). */
const PROFILE = process.argv.includes('--profile');
/** Lighthouse's own trace categories (its Trace gatherer): their cost on the page is part of what it measures. */
const TRACE_CATEGORIES = [
  'disabled-by-default-lighthouse', 'loading', 'v8', 'v8.execute', 'blink.user_timing', 'blink.console', 'devtools.timeline',
  'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.screenshot', 'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.frame', 'latencyInfo', 'disabled-by-default-devtools.target-rundown',
  'disabled-by-default-devtools.v8-source-rundown-sources', 'disabled-by-default-devtools.v8-source-rundown', 'blink.webdx_feature_usage',
];

const PAGES = issuePages(ONLY);

/** A served script URL → its file in a dist folder, for its source map. */
function distFile(url) {
  const { pathname } = new URL(url);
  const rel = pathname.replace(/^\/build\//, '');
  const candidates = rel.startsWith('remotes/')
    ? [path.join(repoRoot, `remote-${rel.split('/')[1]}`, 'dist', rel.split('/').slice(2).join('/'))]
    : [path.join(repoRoot, 'host/dist', rel)];
  return candidates.find((file) => existsSync(file));
}

const consumers = new Map();
function originalOf(url, line, column) {
  if (!url.startsWith('http') || line < 0 || column < 0) return null;
  if (!consumers.has(url)) {
    const file = distFile(url);
    consumers.set(url, file && existsSync(`${file}.map`) ? new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
  }
  const consumer = consumers.get(url);
  if (!consumer) return null;
  const pos = consumer.originalPositionFor({ line: line + 1, column });
  return pos.source ? pos : null;
}

/** A readable owner for a source: the npm package, or the workspace file. */
function owner(source) {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = source.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\.\/)+/, '');
}

/** The page's renderer main thread: where the navigation to `url` started. */
function pageThread(events, url) {
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);
  if (!nav) throw new Error(`no navigation to ${url} in the trace`);
  return { pid: nav.pid, tid: nav.tid, t0: nav.ts };
}

/**
 * Tasks of at least `min` ms on the page's main thread, each with its time by kind of work: what runs directly under
 * the task (script evaluation or a function call by file, microtasks, style, layout, HTML parsing, garbage collection).
 */
function longTasks(events, { pid, tid, t0 }, min, until) {
  const complete = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const out = [];
  let i = 0;
  while (i < complete.length) {
    const task = complete[i];
    i += 1;
    // The task's CPU time on its thread (`tdur`), not its wall time: on the shared machine the wall time also counts
    // the moments other processes had the core, which a quiet phone would not have.
    const cpu = (task.tdur ?? task.dur) / 1000;
    if (task.name !== 'RunTask' || cpu < min || task.ts < t0 || task.ts + task.dur > until) continue;
    const end = task.ts + task.dur;
    const kinds = new Map();
    // Direct children only: each event counts once, under its outermost kind.
    let childEnd = task.ts;
    for (let j = i; j < complete.length && complete[j].ts < end; j += 1) {
      const e = complete[j];
      // V8's own wrappers (v8.callFunction, v8.run…) say less than the devtools event inside them.
      if (e.ts < childEnd || e.ts + e.dur > end || /^v8\./i.test(e.name)) continue;
      childEnd = e.ts + e.dur;
      const url = e.args?.data?.url ? path.basename(new URL(e.args.data.url, 'http://x').pathname) : '';
      const kind = { EvaluateScript: `evaluate ${url}`, FunctionCall: `call ${url}`, EventDispatch: `event ${e.args?.data?.type}`, TimerFire: 'timer', FireAnimationFrame: 'animation frame' }[e.name] ?? e.name;
      kinds.set(kind, (kinds.get(kind) ?? 0) + (e.tdur ?? e.dur) / 1000);
    }
    out.push({ start: (task.ts - t0) / 1000, ms: cpu, wall: task.dur / 1000, window: [task.ts, end], kinds: [...kinds].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 1).slice(0, 5) });
  }
  return out;
}

/**
 * Self time by function and inclusive time by package or source file (every sample counts once for each owner on its
 * stack), inside the given windows (µs timestamps), from a V8 CPU profile.
 */
function profileTimes(profile, windows) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const labels = new Map();
  const labelOf = (node) => {
    if (!labels.has(node.id)) {
      const { functionName, url, lineNumber, columnNumber } = node.callFrame;
      let label;
      if (!url) label = functionName || '(program)';
      else {
        const pos = originalOf(url, lineNumber, columnNumber);
        label = pos ? `${owner(pos.source)} ${pos.name ?? functionName ?? ''}`.trim() : `${path.basename(url)} ${functionName}`;
      }
      labels.set(node.id, label);
    }
    return labels.get(node.id);
  };
  const ownerOf = (label) => (label.includes(' ') && !label.startsWith('(') ? label.slice(0, label.indexOf(' ')) : label);
  const selfs = new Map();
  const inclusive = new Map();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    t += profile.timeDeltas[i];
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (!windows.some(([a, b]) => t >= a && t <= b)) continue;
    const node = byId.get(profile.samples[i]);
    const label = labelOf(node);
    selfs.set(label, (selfs.get(label) ?? 0) + dt);
    const seen = new Set();
    for (let id = node.id; id !== undefined; id = parent.get(id)) {
      const o = ownerOf(labelOf(byId.get(id)));
      if (o === '(root)' || seen.has(o)) continue;
      seen.add(o);
      inclusive.set(o, (inclusive.get(o) ?? 0) + dt);
    }
  }
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]);
  return { self: sorted(selfs), inclusive: sorted(inclusive) };
}

/** Self time by owner (package or file), the same windows. */
function byOwner(rows) {
  const owners = new Map();
  for (const [label, ms] of rows) {
    const key = label.includes(' ') && !label.startsWith('(') ? label.slice(0, label.indexOf(' ')) : label;
    owners.set(key, (owners.get(key) ?? 0) + ms);
  }
  return [...owners].sort((a, b) => b[1] - a[1]);
}

const app = await startBuiltApp();
let chrome;
try {
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const { session, leadId } = await signInBuiltApp(app.baseUrl);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } });
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  console.log(
    `Main thread at start: CPU throttled ${CPU}×, tasks scaled ${SCALE}× to Lighthouse's simulated phone (4×), ${RUNS} run(s) per page, ` +
      `load average ${os.loadavg()[0].toFixed(1)} at start`,
  );
  for (const target of PAGES) {
    const runs = [];
    let last;
    const url = `${app.baseUrl}${target.path({ leadId })}`;
    for (let i = 0; i < RUNS; i += 1) {
      await storeSession(page, app.baseUrl, target.signedIn ? session : null);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
      if (PROFILE) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      }
      // With the profiler, a lighter trace: the source rundown and stacks on top of it time the session out.
      await page.tracing.start({ categories: PROFILE ? ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] : TRACE_CATEGORIES });
      if (PROFILE) await cdp.send('Profiler.start');
      await page.goto(url, { waitUntil: 'networkidle0', timeout: 180_000 });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // Tasks after this (the profiler and the trace stopping) are the bench's own.
      await page.evaluate(() => performance.mark('bench-end'));
      const profile = PROFILE ? (await cdp.send('Profiler.stop')).profile : null;
      const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8'));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      if (process.env.DUMP_TRACE) writeFileSync(`${process.env.DUMP_TRACE}-${target.name}-${i + 1}.json`, JSON.stringify({ trace, profile }));
      const thread = pageThread(trace.traceEvents, url);
      const until = trace.traceEvents.find((e) => e.name === 'bench-end' && e.pid === thread.pid)?.ts ?? Infinity;
      const tasks = longTasks(trace.traceEvents, thread, 50 / SCALE, until);
      const onThread = trace.traceEvents.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.ts >= thread.t0 && e.ts <= until);
      const cpuOf = (e) => (e.tdur ?? e.dur) / 1000;
      // The host's entry script evaluating (webpack's start, the federation runtime, every eager module), and all the
      // main thread's work from the navigation to the end.
      const entry = onThread.filter((e) => e.name === 'EvaluateScript' && /\/build\/assets\/main\./.test(e.args?.data?.url ?? '')).reduce((sum, e) => sum + cpuOf(e), 0);
      const total = onThread.filter((e) => e.name === 'RunTask').reduce((sum, e) => sum + cpuOf(e), 0);
      runs.push({ count: tasks.length, tbt: tasks.reduce((sum, t) => sum + t.ms * SCALE - 50, 0), longest: Math.max(0, ...tasks.map((t) => t.ms * SCALE)), entry, total });
      last = { tasks, profile };
    }
    const pick = (key) => median(runs.map((run) => run[key]));
    console.log(`\n== ${target.name}: ${pick('count')} long tasks, blocking ${pick('tbt').toFixed(0)} ms, longest ${pick('longest').toFixed(0)} ms (scaled, median of ${RUNS}; runs: ${runs.map((r) => r.tbt.toFixed(0)).join(', ')})`);
    const least = (key) => Math.min(...runs.map((run) => run[key]));
    console.log(
      `  main thread CPU ${pick('total').toFixed(0)} ms (least ${least('total').toFixed(0)}), main.js evaluation ${pick('entry').toFixed(0)} ms ` +
        `(least ${least('entry').toFixed(0)}) (observed, median; runs: ${runs.map((r) => `${r.total.toFixed(0)}/${r.entry.toFixed(0)}`).join(', ')})`,
    );
    console.log('  the last run\'s long tasks, CPU ms as observed:');
    for (const task of last.tasks) {
      console.log(`  at ${task.start.toFixed(0).padStart(6)} ms  ${task.ms.toFixed(0).padStart(5)} ms (wall ${task.wall.toFixed(0).padStart(4)})  ${task.kinds.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
    }
    if (!last.profile) continue;
    const { self, inclusive } = profileTimes(last.profile, last.tasks.map((t) => t.window));
    const table = (title, rows) => {
      console.log(`  ${title}:`);
      for (const [label, ms] of rows.slice(0, TOP)) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${label}`);
    };
    table('self time in them, by package or file', byOwner(self));
    table('inclusive time (on the stack), by package or file', inclusive);
    table('self time by function', self);
  }
  await browser.disconnect();
} finally {
  await chrome?.kill();
  await app.stop();
}
