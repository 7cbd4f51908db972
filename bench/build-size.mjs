// Prints the production build time of every front end and the API, and the first-load JS (gzip) of the host plus
// the leads remote, measured in Chromium on /build/leads/list, the page an Admin lands on.
// Usage: pnpm bench (from the repo root). Needs /usr/bin/chromium (or CHROMIUM_PATH).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { analyse, FIRST_LOAD_BUDGET_BYTES, formatReport, kb, kib, loadLeadsList } from '../tooling/first-load.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function timeBuild(filter) {
  const started = process.hrtime.bigint();
  const result = spawnSync('pnpm', ['--filter', filter, 'run', 'build'], { cwd: root, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`build of ${filter} failed`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});

// SKIP_BUILD=1 measures the existing builds only.
if (process.env.SKIP_BUILD !== '1') {
  console.log(`Production builds (sequential, this machine, load average ${(await import('node:os')).loadavg()[0].toFixed(1)}):`);
  let total = 0;
  for (const filter of ['@crm/host', '@crm/remote-leads', '@crm/remote-documents', '@crm/remote-admin', '@crm/api']) {
    const seconds = timeBuild(filter);
    total += seconds;
    console.log(`  ${filter.padEnd(24)} ${seconds.toFixed(1)} s`);
  }
  console.log(`  ${'total'.padEnd(24)} ${total.toFixed(1)} s`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-bench-'));
const baseUrl = `http://127.0.0.1:${port}`;
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '',
  ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench-password-1', LOG_LEVEL: 'warn' };
spawnSync('node', ['api/dist/seed-demo.js'], { cwd: root, env, stdio: 'ignore' });
const server = spawn('node', ['api/dist/server.js'], { cwd: root, env, stdio: 'ignore' });
try {
  for (let i = 0; i < 240; i++) {
    try { if ((await fetch(`${baseUrl}/api/ready`)).ok) break; } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage();
  // A cold load of the landing page, signed in: every script the browser fetches (tooling/first-load.mjs, the same
  // measurement as the budget test).
  const scripts = await loadLeadsList(page, { baseUrl, email: 'bench@example.com', password: 'bench-password-1' });
  const byOrigin = { host: [0, 0], remote_leads: [0, 0], other: [0, 0] };
  for (const { path: p, raw, gzip } of scripts) {
    const key = p.startsWith('/build/remotes/leads/') ? 'remote_leads' : p.startsWith('/build/remotes/') ? 'other' : 'host';
    byOrigin[key][0] += raw;
    byOrigin[key][1] += gzip;
  }
  // Per script, largest first, with its largest contributors, so a change in one chunk shows where it landed.
  console.log(`\n${formatReport(analyse(scripts))}`);
  console.log(`\nFirst-load JS of /build/leads/list (${scripts.length} scripts; budget ${kb(FIRST_LOAD_BUDGET_BYTES)} gzip):`);
  for (const [key, [raw, gz]] of Object.entries(byOrigin)) console.log(`  ${key.padEnd(13)} ${kib(raw).padStart(10)} raw  ${kib(gz).padStart(10)} gzip`);
  const [raw, gz] = [byOrigin.host[0] + byOrigin.remote_leads[0] + byOrigin.other[0], byOrigin.host[1] + byOrigin.remote_leads[1] + byOrigin.other[1]];
  console.log(`  ${'all scripts'.padEnd(13)} ${kib(raw).padStart(10)} raw  ${kib(gz).padStart(10)} gzip`);
  await browser.close();
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
