// Starts the API (from source, PGlite, demo users) in its own process, sends N parallel CSV previews of ~49 MB each to
// POST /api/leads/import/preview and samples the server's resident memory (/proc/<pid>/status VmRSS) every 20 ms and
// GET /api/health every 50 ms while they run: prints the idle and peak RSS, the answers and the health p50/p99.
// By default the N previews come from one Operator (issue 18); `--users=N` spreads them over up to 8 demo users, so the
// per-user limit on previews does not stand in for the memory figure.
// Usage: pnpm --filter @crm/bench bench:import-preview-memory [-- --n=8 --mb=49 --users=1]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { option } from './lib/bench-app.mjs';

const N = option('n', 8);
const MB = option('mb', 49);
const USERS = option('users', 1);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 18_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const admin = { email: 'bench@example.com', password: 'bench-password-1' };
// The demo seed's users (api/src/db/seed-demo.ts), Operators first, then the admin.
const DEMO_PASSWORD = 'demo-password';
const people = [
  ...['operator1', 'operator2', 'operator3', 'operator4', 'operator5', 'manager', 'manager2'].map((name) => ({ email: `${name}@example.com`, password: DEMO_PASSWORD })),
  admin,
];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-preview-bench-'));
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };

const rssMb = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** A CSV of about `mb` MB: the header line Russian Excel writes, then lead rows. */
function csvFile(mb) {
  const header = 'Фамилия;Имя;Отчество;Телефон;Статус;Ответственные;Заметки\r\n';
  const lines = [];
  let size = Buffer.byteLength(header);
  for (let i = 0; size < mb * 1024 * 1024; i++) {
    const line = `Иванов;Иван;Иванович;+7 912 ${String(1_000_000 + (i % 9_000_000))};Новый;;Строка ${i} из файла для предпросмотра\r\n`;
    lines.push(line);
    size += Buffer.byteLength(line);
  }
  return Buffer.from(header + lines.join(''));
}

/** Streams one multipart preview in 1 MB chunks; answers the status and body. */
function preview(token, file) {
  const boundary = '----crm-preview-bench';
  const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="leads.csv"\r\ncontent-type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const headers = {
    authorization: `Bearer ${token}`,
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(head.length + file.length + tail.length),
  };
  return new Promise((resolve) => {
    const request = http.request(`${base}/api/leads/import/preview`, { method: 'POST', headers }, (response) => {
      let body = '';
      response.on('data', (d) => (body += d));
      response.on('end', () => {
        // A 429 answers before the file is read: stop sending it.
        request.destroy();
        resolve({ status: response.statusCode, body });
      });
    });
    request.on('error', (error) => resolve({ status: 0, body: String(error) }));
    request.write(head);
    let offset = 0;
    const pump = () => {
      while (offset < file.length) {
        const chunk = file.subarray(offset, offset + 1024 * 1024);
        offset += chunk.length;
        if (!request.write(chunk)) {
          request.once('drain', pump);
          return;
        }
      }
      request.end(tail);
    };
    pump();
  });
}

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

const login = async (who) => {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
  if (!response.ok) throw new Error(`sign-in of ${who.email}: ${response.status} ${await response.text()}`);
  return (await response.json()).accessToken;
};

const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'src/db/seed-demo.ts'], { cwd: path.join(root, 'api'), env: { ...env, LOG_LEVEL: 'error' }, stdio: 'ignore' });
if (seeded.status !== 0) throw new Error('the demo seed failed');
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: path.join(root, 'api'), env, stdio: ['ignore', 'inherit', 'inherit'] });

try {
  await waitForServer();
  const tokens = [];
  for (const who of people.slice(0, Math.max(1, Math.min(USERS, people.length)))) tokens.push(await login(who));
  const file = csvFile(MB);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle = rssMb(server.pid);

  const samples = [];
  const sampler = setInterval(() => samples.push(rssMb(server.pid)), 20);
  const health = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: N }, (_, i) => preview(tokens[i % tokens.length], file)));
  const ms = performance.now() - started;
  probing = false;
  await probe;
  clearInterval(sampler);

  const peak = Math.max(idle, ...samples);
  const answers = {};
  for (const r of results) answers[r.status] = (answers[r.status] ?? 0) + 1;
  const ok = results.find((r) => r.status === 200);
  const refused = results.find((r) => r.status !== 200);
  console.log(`\n${N} parallel previews of a ${(file.length / 1024 / 1024).toFixed(0)} MB CSV by ${tokens.length} user(s), in ${ms.toFixed(0)} ms`);
  console.log(`answers: ${Object.entries(answers).map(([status, count]) => `${count}× ${status}`).join(', ')}`);
  if (ok) console.log(`a 200: ${JSON.parse(ok.body).data.headers.length} headers, ${JSON.parse(ok.body).data.rows.length} rows`);
  if (refused) console.log(`a ${refused.status}: ${refused.body.slice(0, 200)}`);
  console.log(`server RSS: idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB)`);
  console.log(`/api/health during the run: ${health.length} probes, p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
