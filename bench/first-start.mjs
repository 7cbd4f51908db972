// A newcomer's first `pnpm start`, timed: no builds, no webpack caches, no embedded database, until /api/ready answers
// and the login page (and the script it names) are served. Prints the total and the split: each build, the demo seed
// and the server's own start. Then the same with webpack's persistent cache kept (dist folders removed only), which
// is what a rebuild after a pull costs.
// Usage: pnpm bench:first-start (from the repo root). It deletes and rebuilds every dist folder of this checkout.
// FIRST_START_RUNS=cold skips the cached run; BUILD_CONCURRENCY is passed through to tooling/start.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packages = ['api', 'host', 'remote-leads', 'remote-documents', 'remote-admin'];

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

function clean({ caches }) {
  for (const dir of packages) {
    rmSync(path.join(root, dir, 'dist'), { recursive: true, force: true });
    if (caches) rmSync(path.join(root, dir, 'node_modules', '.cache'), { recursive: true, force: true });
  }
}

async function answers(url) {
  try {
    const response = await fetch(url);
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}

async function firstStart(label) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-first-start-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '',
    ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench-password-1', LOG_LEVEL: 'warn' };
  const started = performance.now();
  const at = () => (performance.now() - started) / 1000;
  const child = spawn('node', ['tooling/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const split = [];
  let buildsDone = null;
  let seedDone = null;
  /** The remotes the first page does not need build after the server answers (tooling/start.mjs). */
  let background = false;
  let everyScreen = null;
  let output = '';
  const onData = (chunk) => {
    output += chunk;
    for (const line of String(chunk).split('\n')) {
      const built = /^\[build\] (\S+) built in ([\d.]+) s \(CPU ([\d.]+) s\)/.exec(line);
      if (built) split.push([built[1], Number(built[2]), at(), Number(built[3])]);
      if (/^\[build\] \d+ builds/.test(line)) buildsDone = at();
      const seeded = /^\[start\] demo data added in ([\d.]+) s/.exec(line);
      if (seeded) seedDone = [Number(seeded[1]), at()];
      if (/^\[start\] building .* in the background/.test(line)) background = true;
      if (/^\[start\] every screen is built/.test(line)) everyScreen = at();
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let exited = null;
  child.on('exit', (code) => (exited = code));
  let ready = null;
  try {
    while (exited === null && at() < 600) {
      if ((await answers(`${baseUrl}/api/ready`)) !== null) {
        const html = await answers(`${baseUrl}/build/login`);
        const script = html && /<script[^>]+src=["']?([^"' >]+)/.exec(html)?.[1];
        if (script && (await answers(new URL(script, baseUrl).href)) !== null) {
          ready = at();
          break;
        }
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    // Then until the background builds are done too, so the next run starts on a quiet machine and both times print.
    while (ready !== null && background && everyScreen === null && exited === null && at() < 900) await new Promise((r) => setTimeout(r, 200));
  } finally {
    // start.mjs forwards the signal to the server; the group kill also stops a build still running after a failure.
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await new Promise((r) => (exited === null ? child.on('exit', r) : r()));
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (ready === null) {
    console.error(output.slice(-3000));
    throw new Error(`${label}: the app did not answer (start.mjs exit ${exited})`);
  }
  // The seed runs while the front ends build (tooling/start.mjs): the server starts after whichever ends last.
  const firstBuildsDone = split.filter(([, , end]) => end <= ready).reduce((latest, [, , end]) => Math.max(latest, end), 0);
  const serverStart = ready - Math.max(seedDone?.[1] ?? 0, firstBuildsDone);
  console.log(`\n${label}: ready in ${ready.toFixed(1)} s (load average before ${loadavg()[0].toFixed(1)})`);
  for (const [name, seconds, end, cpu] of split) {
    console.log(`  build ${name.padEnd(24)} ${seconds.toFixed(1).padStart(6)} s  CPU ${cpu.toFixed(1).padStart(6)} s  (done at ${end.toFixed(1)} s)`);
  }
  const cpu = split.reduce((sum, [, , , seconds]) => sum + seconds, 0);
  if (buildsDone !== null) console.log(`  ${'all builds'.padEnd(30)} ${buildsDone.toFixed(1).padStart(6)} s  CPU ${cpu.toFixed(1).padStart(6)} s`);
  if (seedDone) console.log(`  ${'demo seed (beside the builds)'.padEnd(30)} ${seedDone[0].toFixed(1).padStart(6)} s  (done at ${seedDone[1].toFixed(1)} s)`);
  console.log(`  ${'server start to ready'.padEnd(30)} ${serverStart.toFixed(1).padStart(6)} s`);
  if (everyScreen !== null) console.log(`  ${'every screen built (background)'.padEnd(30)} ${everyScreen.toFixed(1).padStart(6)} s`);
  return ready;
}

console.log(`First start (BUILD_CONCURRENCY=${process.env.BUILD_CONCURRENCY ?? 'default'}, ${packages.length} builds)`);
clean({ caches: true });
await firstStart('Cold first start (no dist, no webpack cache, no database)');
if (process.env.FIRST_START_RUNS !== 'cold') {
  clean({ caches: false });
  await firstStart('Start after removing dist (webpack cache kept)');
}
