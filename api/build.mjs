// Bundles the server, its import worker and the operator commands into dist/ so `node api/dist/server.js` runs without tsx.
// @crm/shared is TypeScript source, so it is bundled; every other package stays in node_modules (PGlite loads its
// WebAssembly and extension files relative to itself, and argon2 is a native module).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// `external: ['pkg']` also covers `pkg/subpath` imports.
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => name !== '@crm/shared');

const started = performance.now();
await build({
  entryPoints: {
    server: 'src/server.ts',
    // The import's worker thread: server.js starts it from the same folder (src/jobs/lead-import-job.ts).
    'lead-import-worker': 'src/jobs/lead-import-worker.ts',
    'seed-demo': 'src/db/seed-demo.ts',
    'allowlist-disable': 'src/scripts/allowlist-disable.ts',
    // Operator commands in the production image, which has no tsx: `node api/dist/<name>.js`.
    migrate: 'src/scripts/migrate.ts',
    backup: 'src/scripts/backup.ts',
    restore: 'src/scripts/restore.ts',
    'storage-migrate': 'src/scripts/storage-migrate.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
console.log(
  `api: bundled dist/server.js, dist/lead-import-worker.js and the commands (seed-demo, allowlist-disable, migrate, backup, restore, storage-migrate) in ${Math.round(performance.now() - started)} ms`,
);
