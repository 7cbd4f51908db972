// The API suite in two processes, each running its files one at a time (node --test), so both cores of a CI machine
// work: each file builds its own app on its own database (a PGlite in memory, or a throw-away PostgreSQL database),
// so files do not share state. The files that use Redis share its pub/sub bus, so they all go to the first process
// and never overlap. `node test.mjs <file>…` runs just those files, in one process.
//
// Each line a process prints is prefixed with its number; the exit code is the first non-zero one.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const PROCESSES = Number(process.env.API_TEST_PROCESSES ?? 2);

/** Every `*.test.ts` below src, sorted like `find | sort` did. */
function testFiles() {
  return readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

const usesRedis = (file) => /ioredis|REDIS_URL/.test(readFileSync(path.join(root, file), 'utf8'));

const sizeOf = (file) => statSync(path.join(root, file)).size;

/**
 * Redis files to the first process; then the rest, largest first, each to the process with the least source so far (a
 * file's size stands in for its run time), so the processes end at about the same time. Each runs its files sorted.
 */
function deal(files, count) {
  const groups = Array.from({ length: count }, () => ({ files: [], weight: 0 }));
  const add = (group, file) => {
    group.files.push(file);
    group.weight += sizeOf(file);
  };
  const redis = new Set(files.filter(usesRedis));
  for (const file of redis) add(groups[0], file);
  const sizes = new Map(files.map((file) => [file, sizeOf(file)]));
  const rest = files.filter((file) => !redis.has(file)).sort((a, b) => sizes.get(b) - sizes.get(a));
  for (const file of rest) add(groups.reduce((least, group) => (group.weight < least.weight ? group : least)), file);
  return groups.map((group) => group.files.sort()).filter((group) => group.length > 0);
}

function run(files, label) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    const prefix = label ? `[${label}] ` : '';
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let partial = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop();
        if (lines.length > 0) out.write(lines.map((line) => prefix + line).join('\n') + '\n');
      });
      stream.on('end', () => partial && out.write(prefix + partial + '\n'));
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const named = process.argv.slice(2);
const started = performance.now();
const groups = named.length > 0 ? [named] : deal(testFiles(), Math.max(1, PROCESSES));
const codes = await Promise.all(groups.map((files, index) => run(files, groups.length > 1 ? String(index + 1) : '')));
console.log(`[api tests] ${groups.length} process(es), ${groups.flat().length} files in ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(codes.find((code) => code !== 0) ?? 0);
