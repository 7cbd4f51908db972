// The API suite on every core: a pool of API_TEST_PROCESSES slots (two by default, for CI's two cores), each running
// one test file at a time (`node --test <file>`) and taking the next file from a queue when it is done, so the slots
// end together however long a file turns out to be. Each file builds its own app on its own database (a PGlite in
// memory, or a throw-away PostgreSQL database), so files share no state. The files that use Redis share its pub/sub
// bus, so they run together, one after another, as one item of the queue.
//
// The queue starts with the longest files, by the times `test-durations.json` recorded (a file it does not know
// yet counts by its size), so no long file is left for the end. `API_TEST_DURATIONS=record` writes the times of
// this run there. A file's output is printed whole when it ends; the totals and the failed files come last, and the
// exit code is non-zero when any file failed. `node test.mjs <file>…` runs just those files.
//
// On PostgreSQL the run names one migrated template database (src/test/database-template.ts): the first file that
// needs it makes it, the others copy it, and it is dropped here when the run ends or is interrupted.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.dirname(fileURLToPath(import.meta.url));
const SLOTS = Math.max(1, Number(process.env.API_TEST_PROCESSES ?? 2));
const DURATIONS_FILE = path.join(root, 'test-durations.json');
/** Bytes of test source taken to run about as long as a second, for files with no recorded time. */
const BYTES_PER_SECOND = 2_000;

/** Every `*.test.ts` below src, sorted like `find | sort` did. */
function testFiles() {
  return readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

function recordedDurations() {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8'));
  } catch {
    return {};
  }
}

const usesRedis = (file) => /ioredis|REDIS_URL/.test(readFileSync(path.join(root, file), 'utf8'));

/** The queue: items of one or more files (the Redis files together), longest expected first. */
function queue(files) {
  const recorded = recordedDurations();
  const expected = (file) => recorded[file] ?? statSync(path.join(root, file)).size / BYTES_PER_SECOND;
  const redis = files.filter(usesRedis);
  const items = files.filter((file) => !redis.includes(file)).map((file) => [file]);
  if (redis.length > 0) items.push(redis);
  const cost = (item) => item.reduce((sum, file) => sum + expected(file), 0);
  return items.sort((a, b) => cost(b) - cost(a));
}

/** As in src/test/database-template.ts (POSTGRES_TEMPLATE_VARIABLE), which reads it. */
const TEMPLATE_VARIABLE = 'CRM_TEST_POSTGRES_TEMPLATE';
const template = process.env.TEST_DATABASE_URL ? `crm_test_template_${process.pid}_${randomBytes(4).toString('hex')}` : undefined;
const env = template ? { ...process.env, [TEMPLATE_VARIABLE]: template } : process.env;

/** Drops the run's template database and a half-made one, whichever exist. */
async function dropTemplate() {
  if (!template) return;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  try {
    await client.connect();
    for (const name of [template, `${template}_partial`]) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } catch (error) {
    console.error(`[api tests] could not drop the template database ${template}: ${error.message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const children = new Set();

/** Runs one item in its own `node --test`; answers its exit code and everything it printed. */
function run(files) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    children.add(child);
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

/** `ℹ pass 12` and the like, from the spec reporter's summary. */
const summaryCount = (output, name) => Number(new RegExp(`^ℹ ${name} (\\d+)$`, 'm').exec(output)?.[1] ?? 0);

const named = process.argv.slice(2);
const missing = named.filter((file) => !existsSync(path.resolve(root, file)));
if (missing.length > 0) {
  console.error(`[api tests] no such file: ${missing.join(', ')}`);
  process.exit(2);
}
const items = queue(named.length > 0 ? named : testFiles());
// Interrupted, the files stop and the run ends as usual (dropping the template), with the signal's exit code.
let interrupted;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = signal;
    items.length = 0;
    for (const child of children) child.kill(signal);
  });
}
const started = performance.now();
const durations = {};
const totals = { tests: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
const failed = [];

async function slot() {
  for (let item = items.shift(); item; item = items.shift()) {
    const itemStarted = performance.now();
    const { code, output } = await run(item);
    const seconds = (performance.now() - itemStarted) / 1000;
    for (const file of item) durations[file] = Math.round((seconds / item.length) * 10) / 10;
    process.stdout.write(`\n[api tests] ${item.join(', ')}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s\n${output}`);
    for (const name of Object.keys(totals)) totals[name] += summaryCount(output, name);
    if (code !== 0) failed.push(...item);
  }
}

const slots = Math.min(SLOTS, items.length, os.availableParallelism() * 2);
try {
  await Promise.all(Array.from({ length: slots }, slot));
} finally {
  await dropTemplate();
}

const elapsed = ((performance.now() - started) / 1000).toFixed(0);
console.log(`\n[api tests] ${Object.keys(durations).length} files in ${elapsed} s on ${slots} slot(s): ` + Object.entries(totals).map(([k, v]) => `${v} ${k}`).join(', '));
if (failed.length > 0) console.log(`[api tests] failed:\n${failed.map((file) => `  ${file}`).join('\n')}`);
if (process.env.API_TEST_DURATIONS === 'record' && !interrupted) {
  const present = new Set(testFiles());
  const times = Object.entries({ ...recordedDurations(), ...durations }).filter(([file]) => present.has(file));
  const sorted = Object.fromEntries(times.sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`[api tests] times written to ${path.relative(process.cwd(), DURATIONS_FILE)}`);
}
process.exit(interrupted ? 128 + os.constants.signals[interrupted] : failed.length > 0 ? 1 : 0);
