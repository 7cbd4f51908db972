// `pnpm start`: build whatever has no build yet, seed demo data into a brand-new embedded database,
// then serve the whole app (API + host + remotes) on one origin.
import { spawn, spawnSync } from 'node:child_process';
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

const run = (cmd, args, env = process.env) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const missing = builds.filter(([, file]) => !existsSync(path.join(root, file)));
if (missing.length > 0) {
  const names = missing.map(([name]) => name);
  console.log(`Building ${names.join(', ')}, ${buildConcurrency()} at a time (run \`pnpm build\` to rebuild after changes)…`);
  try {
    await buildAll(names);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

// A newcomer's first start gets demo data so the screens have something to show.
// SEED_DEMO=false opts out; a DATABASE_URL server is never seeded implicitly.
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
const freshEmbedded = !process.env.DATABASE_URL && !existsSync(path.join(dataDir, 'pglite'));
const env = { ...process.env, DATA_DIR: dataDir };
if (freshEmbedded && process.env.SEED_DEMO !== 'false') {
  console.log('First start on the embedded database: adding demo data (SEED_DEMO=false to skip)…');
  const started = performance.now();
  run('node', ['api/dist/seed-demo.js'], env);
  console.log(`[start] demo data added in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const server = spawn('node', ['api/dist/server.js'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
