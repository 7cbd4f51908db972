// Starts the API (from source, PGlite, MAX_UPLOAD_MB=50) in its own process, sends a 200 MB file to
// POST /api/document/add-media and samples the server's resident memory (/proc/<pid>/status VmRSS) every 20 ms:
// the upload is refused with 413 and the server never holds the file. Twice: with Content-Length (refused before
// reading) and chunked, without a length (cut off while it streams).
// Usage: pnpm --filter @crm/bench bench:upload-memory [-- --mb=200]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { option } from './lib/bench-app.mjs';

const MB = option('mb', 200);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 18_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const admin = { email: 'bench@example.com', password: 'bench-password-1' };
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-upload-bench-'));

const rssMb = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
};

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: path.join(root, 'api'),
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, MAX_UPLOAD_MB: '50' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

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

/** Streams a multipart body with a file of `mb` MB of zeros; answers the status and the server's RSS samples. */
function upload(token, documentId, mb, withLength) {
  const boundary = '----crm-bench-boundary';
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="document_id"\r\n\r\n${documentId}\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="file[]"; filename="big.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024);
  const headers = { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (withLength) headers['content-length'] = String(head.length + mb * chunk.length + tail.length);
  const samples = [];
  const sampler = setInterval(() => samples.push(rssMb(server.pid)), 20);
  const started = performance.now();
  return new Promise((resolve) => {
    let sent = 0;
    const request = http.request(`${base}/api/document/add-media`, { method: 'POST', headers }, (response) => {
      let body = '';
      response.on('data', (d) => (body += d));
      response.on('end', () => {
        clearInterval(sampler);
        // The server answered before reading the rest: stop sending.
        request.destroy();
        resolve({ status: response.statusCode, body, ms: performance.now() - started, sentMb: sent, samples });
      });
    });
    request.on('error', () => undefined);
    request.write(head);
    const pump = () => {
      while (sent < mb) {
        sent += 1;
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

try {
  await waitForServer();
  const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) })).json();
  const auth = { authorization: `Bearer ${login.accessToken}`, 'content-type': 'application/json' };
  const [category] = (await (await fetch(`${base}/api/document-category`, { headers: auth })).json()).data;
  const document = (await (await fetch(`${base}/api/document`, { method: 'POST', headers: auth, body: JSON.stringify({ title: 'Bench', category_id: category.id }) })).json()).data;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle = rssMb(server.pid);
  console.log(`\nServer RSS while a ${MB} MB upload is refused (MAX_UPLOAD_MB=50). Idle after start: ${idle.toFixed(0)} MB`);
  for (const withLength of [true, false]) {
    const result = await upload(login.accessToken, document.id, MB, withLength);
    const peak = Math.max(...result.samples, idle);
    console.log(
      `${withLength ? 'with Content-Length' : 'chunked (no length)'}: ${result.status} in ${result.ms.toFixed(0)} ms; ` +
        `peak RSS ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB over idle); ${JSON.parse(result.body).message}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
