// `pnpm build` and `pnpm start`'s first build: the API and the four front ends, a few at a time.
// Each webpack build already keeps a core busy (and the minifier another), so five builds at once on a small machine
// only fight over the cores and memory; BUILD_CONCURRENCY (default 2, see docs/decisions/037) caps how many run together.
// Prints each build's seconds, so `bench/first-start.mjs` and a newcomer both see where the time goes.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressDist } from './compress.mjs';
import { cpuSeconds } from './cpu-seconds.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Package name → folder. The API is first: it is quick (esbuild) and the server needs it. */
export const BUILDS = [
  ['@crm/api', 'api'],
  ['@crm/host', 'host'],
  ['@crm/remote-leads', 'remote-leads'],
  ['@crm/remote-documents', 'remote-documents'],
  ['@crm/remote-admin', 'remote-admin'],
];

export function buildConcurrency() {
  const value = Number(process.env.BUILD_CONCURRENCY ?? 2);
  return Number.isInteger(value) && value > 0 ? value : 2;
}

function buildOne(name, dir, { background = false } = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // Under bash for `times` on fd 3: CPU seconds tell a build's cost even when other work shares the cores. A build in
    // the background (after `pnpm start`'s server is up) runs under `nice`, so the server and the browser come first.
    const command = ['bash', '-c', 'pnpm run build; status=$?; times >&3; exit $status'];
    const [file, ...args] = background ? ['nice', '-n', '10', ...command] : command;
    const child = spawn(file, args, {
      cwd: path.join(root, dir),
      stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
    });
    let times = '';
    child.stdio[3].on('data', (chunk) => (times += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${name}: build failed (exit ${code})`));
      const built = performance.now();
      // A front end's text assets get their brotli and gzip copies, served by the API (docs/decisions/038).
      const compressed = name === '@crm/api' ? Promise.resolve(null) : compressDist(path.join(root, dir, 'dist'));
      compressed.then((totals) => {
        const seconds = (performance.now() - started) / 1000;
        if (totals) {
          const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
          console.log(`[compress] ${name}: ${totals.files} files, ${kib(totals.raw)} → br ${kib(totals.br)}, ` +
            `gzip ${kib(totals.gz)} in ${((performance.now() - built) / 1000).toFixed(1)} s`);
        }
        console.log(`[build] ${name} built in ${seconds.toFixed(1)} s (CPU ${cpuSeconds(times).toFixed(1)} s)`);
        resolve(seconds);
      }, reject);
    });
  });
}

/**
 * Builds the given packages (names from BUILDS), at most `concurrency` at a time; resolves to { name: seconds }.
 * `background`: at a lower CPU priority (nice 10), for builds that run while the server already answers.
 */
export async function buildAll(names = BUILDS.map(([name]) => name), concurrency = buildConcurrency(), { background = false } = {}) {
  const queue = BUILDS.filter(([name]) => names.includes(name));
  const times = {};
  const started = performance.now();
  async function worker() {
    for (let next = queue.shift(); next; next = queue.shift()) times[next[0]] = await buildOne(...next, { background });
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  console.log(`[build] ${Object.keys(times).length} builds, ${concurrency} at a time, in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return times;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await buildAll();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
