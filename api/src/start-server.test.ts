import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One request on a connection of its own (no keep-alive pool), resolved with its status and body. */
function request(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 180_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

test('SIGTERM: readiness fails first, the request in flight finishes, sockets close with 4200, the process exits 0', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-shutdown-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/shutdown-server.ts'], {
    cwd: API_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', APP_URL: base, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    // A first start creates the embedded database, which on a busy machine takes a while.
    await until('the server to be ready', async () => {
      if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
      return (await request(`${base}/api/ready`).catch(() => ({ status: 0 }))).status === 200;
    });

    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/crm-key?protocol=7`);
    const closeCode = new Promise<number>((resolve) => ws.once('close', resolve));
    const established = await new Promise<string>((resolve) => ws.once('message', (data: Buffer) => resolve(data.toString())));
    assert.match(established, /pusher:connection_established/);

    const slow = request(`${base}/api/test/slow`);
    slow.catch(() => undefined);
    await until('the slow request to reach its handler', () => output.includes('slow request in flight'), 10_000);

    let slowDone = false;
    void slow.finally(() => (slowDone = true)).catch(() => undefined);
    child.kill('SIGTERM');
    // First, while the instance still answers (the signal reaches the process's loop a moment after kill returns):
    // the proxy takes it out of rotation before the request in flight has finished.
    let ready = { status: 0, body: '' };
    await until('/api/ready to answer 503', async () => (ready = await request(`${base}/api/ready`)).status !== 200, 5_000);
    assert.equal(ready.status, 503, ready.body);
    assert.equal(JSON.parse(ready.body).code, 'SERVICE_UNAVAILABLE');
    assert.equal(slowDone, false);

    const finished = await slow;
    assert.equal(finished.status, 200, finished.body);
    assert.deepEqual(JSON.parse(finished.body), { status: 'finished' });
    assert.equal(await closeCode, 4200);
    assert.equal(await exited, 0, output);
    // Closed: nothing listens on the port any more.
    await assert.rejects(request(`${base}/api/health`), { code: 'ECONNREFUSED' });
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
