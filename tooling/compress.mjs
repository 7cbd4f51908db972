// Precompressed copies of a front end's build: next to every text asset (JS, CSS, HTML, JSON, SVG) of at least
// MIN_BYTES, `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9), each written only when it is smaller.
// The API serves them with @fastify/static's `preCompressed` (api/src/plugins/web.ts): the browser gets the brotli
// copy when it says it accepts it, else the gzip one, else the file itself (docs/decisions/038). Done once at build
// time, so no request pays for compression and brotli can use its slowest, smallest setting.
// Source maps are left alone: only DevTools fetches them, and they are the biggest files.
// `tooling/build.mjs` runs it after each front end's build (webpack's `output.clean` removes old copies on rebuild);
// by hand: node tooling/compress.mjs <dist folder>…
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/i;
/** Below this, the headers of a response weigh more than what compression saves. */
export const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

async function compressFile(file) {
  const source = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written = { raw: source.length, br: 0, gz: 0 };
  if (br.length < source.length) {
    await writeFile(`${file}.br`, br);
    written.br = br.length;
  }
  if (gzipped.length < source.length) {
    await writeFile(`${file}.gz`, gzipped);
    written.gz = gzipped.length;
  }
  return written;
}

/** Writes the .br and .gz copies under `dist`; resolves to the byte totals of what it compressed. */
export async function compressDist(dist) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  const jobs = [];
  for await (const file of files(dist)) {
    if (!COMPRESSIBLE.test(file)) continue;
    if ((await stat(file)).size < MIN_BYTES) continue;
    jobs.push(
      compressFile(file).then(({ raw, br, gz: g }) => {
        totals.files += 1;
        totals.raw += raw;
        totals.br += br || raw;
        totals.gz += g || raw;
      }),
    );
  }
  // zlib's work runs on libuv's thread pool (4 threads by default), so these overlap without blocking.
  await Promise.all(jobs);
  return totals;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node tooling/compress.mjs <dist folder>…');
    process.exit(2);
  }
  for (const dir of dirs) {
    const started = performance.now();
    const t = await compressDist(dir);
    const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
    console.log(`[compress] ${dir}: ${t.files} files, ${kib(t.raw)} → br ${kib(t.br)}, gzip ${kib(t.gz)} ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
