// `pnpm start`: build whatever has no build yet, seed demo data into a brand-new embedded database,
// then serve the whole app (API + host + remotes) on one origin. On a first start the server answers as soon as the
// API, the host and the leads remote (the page everyone lands on) are built; the documents and admin remotes build
// after it, in the background, and their pages answer "build missing" (503) until then (docs/decisions/037).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildAll, buildConcurrency, root } from './build.mjs';

const builds = [
  ['@crm/api', 'api/dist/server.js'],
  ['@crm/host', 'host/dist/index.html'],
  ['@crm/remote-leads', 'remote-leads/dist/mf-manifest.json'],
  ['@crm/remote-documents', 'remote-documents/dist/mf-manifest.json'],
  ['@crm/remote-admin', 'remote-admin/dist/mf-manifest.json'],
];

// A newcomer's first start gets demo data so the screens have something to show.
// SEED_DEMO=false opts out; a DATABASE_URL server is never seeded implicitly.
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
const freshEmbedded = !process.env.DATABASE_URL && !existsSync(path.join(dataDir, 'pglite'));
const env = { ...process.env, DATA_DIR: dataDir };

/** The demo seed, in its own process: it needs only the API's build, so it runs while the front ends build. */
function seed() {
  console.log('First start on the embedded database: adding demo data (SEED_DEMO=false to skip)…');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('node', ['api/dist/seed-demo.js'], { cwd: root, stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the demo seed failed (exit ${code})`));
      console.log(`[start] demo data added in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      resolve();
    });
  });
}

/** What the first page needs: the shell and the leads list it opens on. The other remotes can follow. */
const FIRST_PAGE = ['@crm/host', '@crm/remote-leads'];

const missing = builds.filter(([, file]) => !existsSync(path.join(root, file))).map(([name]) => name);
const later = missing.filter((name) => name !== '@crm/api' && !FIRST_PAGE.includes(name));
try {
  if (missing.length > 0) {
    console.log(`Building ${missing.join(', ')}, ${buildConcurrency()} at a time (run \`pnpm build\` to rebuild after changes)…`);
  }
  // The API first (a second or two): the seed needs it, then seeds while the front ends build (docs/decisions/037).
  if (missing.includes('@crm/api')) await buildAll(['@crm/api']);
  const seeded = freshEmbedded && process.env.SEED_DEMO !== 'false' ? seed() : Promise.resolve();
  const first = missing.filter((name) => FIRST_PAGE.includes(name));
  await Promise.all([first.length > 0 ? buildAll(first) : null, seeded]);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = spawn('node', ['api/dist/server.js'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

if (later.length > 0) {
  console.log(`[start] building ${later.join(', ')} in the background; their pages answer once built`);
  buildAll(later, buildConcurrency(), { background: true }).then(
    () => console.log('[start] every screen is built'),
    (error) => console.error(`[start] ${error instanceof Error ? error.message : error}: those pages stay unavailable; run \`pnpm build\``),
  );
}
