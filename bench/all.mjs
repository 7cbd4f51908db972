// `pnpm bench`: every table of issue 8, one benchmark after another, each in its own process so one's memory and
// caches do not colour the next. In order:
//   first-start            a newcomer's first start, cold (deletes every dist folder and webpack cache, then builds)
//   build-size             build times and the first-load JS of /build/leads/list (reuses the builds just made)
//   federation-vs-bundle   federated cold load against one bundle, Chromium, CPU 4×, Fast 3G
//   leads-list             every list shape at 100,000 leads, API beside its SQL
//   dashboard              GET /api/dashboard at 100,000 leads: Admin, team and Operator, 30 and 365 days
//   leads-load             50 concurrent clients for 20 s, first page and search, API beside raw SQL
//   leads-import           a 100,000-row CSV import, and the list's latency while it runs
//   throughput             200 simulated users for 60 s (list with search, open, save, comment)
//   lighthouse             Lighthouse mobile and desktop on login, leads list, lead detail, lead form, documents
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server (throughput runs on
// PostgreSQL when one is named, on PGlite otherwise).
// Usage: pnpm bench [-- name ...]   e.g. `pnpm bench -- leads-list throughput` runs those two only.
// It takes 40–60 minutes on 2 cores; run it on a quiet machine, the figures are only as steady as the machine.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const database = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** name → how to run it: a script in bench/, its node flags and arguments, and extra environment. */
const BENCHES = {
  'first-start': { script: 'first-start.mjs', env: { FIRST_START_RUNS: 'cold' } },
  'build-size': { script: 'build-size.mjs', env: { SKIP_BUILD: '1' } },
  'federation-vs-bundle': { script: 'federation-vs-bundle.mjs' },
  'leads-list': { script: 'leads-list.mjs', flags: ['--import', 'tsx'] },
  dashboard: { script: 'dashboard.mjs', flags: ['--import', 'tsx'] },
  'leads-load': { script: 'leads-load.mjs', flags: ['--import', 'tsx'] },
  'leads-import': { script: 'leads-import.mjs', flags: ['--import', 'tsx'], args: ['--parse=worker'] },
  throughput: { script: 'throughput.mjs', flags: ['--import', 'tsx'], args: database ? [] : ['--engine=pglite'] },
  lighthouse: { script: 'lighthouse.mjs', args: ['--runs=3'] },
};

const asked = process.argv.slice(2).filter((a) => a !== '--');
const unknown = asked.filter((name) => !(name in BENCHES));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
const names = asked.length > 0 ? asked : Object.keys(BENCHES);
// build-size measures the builds first-start made; alone, it builds first.
if (!names.includes('first-start')) delete BENCHES['build-size'].env;

console.log(`pnpm bench: ${names.join(', ')}`);
console.log(database ? `PostgreSQL: ${database.replace(/\/\/[^@]*@/, '//…@')}` : 'PostgreSQL: none named (BENCH_DATABASE_URL); PGlite only');

const results = [];
for (const name of names) {
  const { script, flags = [], args = [], env = {} } = BENCHES[name];
  const load = loadavg()[0].toFixed(1);
  console.log(`\n${'='.repeat(100)}\n${name} (${script}) — load average ${load} at start\n${'='.repeat(100)}`);
  const started = Date.now();
  const run = spawnSync(process.execPath, [...flags, script, ...args], {
    cwd: here,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = (Date.now() - started) / 1000;
  results.push({ name, status: run.status ?? `signal ${run.signal}`, seconds, load });
}

console.log(`\n${'='.repeat(100)}\nsummary`);
console.log(`${'benchmark'.padEnd(24)}${'exit'.padStart(6)}${'minutes'.padStart(10)}${'load at start'.padStart(16)}`);
for (const r of results) {
  console.log(`${r.name.padEnd(24)}${String(r.status).padStart(6)}${(r.seconds / 60).toFixed(1).padStart(10)}${r.load.padStart(16)}`);
}
process.exitCode = results.some((r) => r.status !== 0) ? 1 : 0;
