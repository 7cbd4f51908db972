// `pnpm test:e2e`'s global setup (node --test --test-global-setup): data folders made once for the run by the built
// API's own commands, a first start's (`migrate`, what the compose file runs before the app starts) and one with the
// demo data (`seed-demo`). Every app server of the run starts from a copy (support/app-server.ts), so each still has a
// database of its own but none pays for PGlite's initdb, every migration and the demo seed again (docs/decisions/082).
// A file run on its own, without this setup, starts from an empty folder as before. JavaScript, as serve-web-root.mjs:
// node loads a global setup before tsx's hooks, and strips app-server.ts's types itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATA_TEMPLATES_VARIABLE, makeDataTemplates } from './app-server.ts';

/** @type {string | undefined} */
let templates;

export async function globalSetup() {
  templates = mkdtempSync(path.join(tmpdir(), 'crm-e2e-templates-'));
  await makeDataTemplates(templates);
  // The test files run in child processes, which inherit this environment.
  process.env[DATA_TEMPLATES_VARIABLE] = templates;
}

export async function globalTeardown() {
  if (templates) rmSync(templates, { recursive: true, force: true });
}
