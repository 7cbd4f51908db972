import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from './config';
import { whiteIps } from './db/schema/white-ips';
import { bearer, buildTestApp, type TestApp } from './test/build-test-app';
import { type FuzzRoute, routeRecorder } from './test/route-fuzz/routes';

/**
 * Issue 18: a path spelled another way (`/%61pi/…`, `/API/…`, `//api/…`) must reach the same answer as its plain
 * spelling or none at all (404). It once reached the route while the allow-list and the no-store header, which read
 * the raw URL, let it through. Every route of the table Fastify builds is sent over a real socket (the raw path as an
 * outside probe writes it), and so is the realtime socket's upgrade.
 */
const APP_KEY = 'crm-spelling-key';
// On buildTestApp's APP_URL (http://crm.test): the embedded endpoint, with this key.
const PUSHER_URL = `http://${APP_KEY}:spelling-test-secret-0123@crm.test/apps/crm`;

/** The refused caller: the test's own address, 127.0.0.1, is outside this list. */
const ELSEWHERE = '10.0.0.0/8';

const hex = (char: string) => char.charCodeAt(0).toString(16);

/** The other ways an outside probe writes a path; each applied to the plain path of every route. */
const SPELLINGS: Array<[string, (plain: string) => string]> = [
  ['first letter percent-encoded', (p) => p.replace(/^\/([A-Za-z])/, (_, c: string) => `/%${hex(c)}`)],
  ['every letter percent-encoded', (p) => p.replace(/[A-Za-z]/g, (c) => `%${hex(c).toUpperCase()}`)],
  ['first segment upper case', (p) => p.replace(/^\/[^/]+/, (s) => s.toUpperCase())],
  ['doubled slash', (p) => `/${p}`],
  ['dot segment', (p) => `/.${p}`],
  ['encoded dot-dot segment', (p) => `${p.match(/^\/[^/]*/)?.[0] ?? ''}/%2e%2e${p}`],
  ['encoded slash', (p) => p.replace(/^(\/[^/]+)\//, '$1%2F')],
  ['encoded leading slash', (p) => `/%2F${p.slice(1)}`],
];

/** A path a route answers on: every parameter filled in (the value does not matter to the door). */
const plainPath = (route: FuzzRoute) =>
  route.url
    .replace(':remote', 'leads')
    .replace(/:\w+/g, '1')
    .replace('*', 'absent.js');

/** The routes every address may reach: the front-end files and the load balancers' probes (docs/decisions/025). */
const isOpen = (route: FuzzRoute) =>
  ['/api/health', '/api/ready', '/metrics', '/', '/build', '/favicon.ico', '/favicon.svg'].includes(route.url) || route.url.startsWith('/build/');

interface Answer {
  status: number;
  cacheControl: string | undefined;
  contentType: string | undefined;
  body: string;
}

/**
 * The front end's catch-all (`/build/*`) answers any path under /build/ with the host page, as a client-side route:
 * a spelling of a front-end route that stays under /build/ may land there, and that is the page every address gets.
 */
const deepLink = (route: FuzzRoute, spelled: string, answer: Answer) =>
  isOpen(route) && spelled.startsWith('/build/') && answer.status === 200 && answer.contentType?.startsWith('text/html') === true;

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** The raw path goes on the request line as it is: no URL parser in between to tidy it. */
function send(port: number, method: string, rawPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: rawPath, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          cacheControl: response.headers['cache-control'],
          contentType: response.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** A WebSocket handshake on a raw path: 101 when the socket opened, otherwise the status it was refused with. */
function upgrade(port: number, rawPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: rawPath,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        ...headers,
      },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, body: '' });
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end();
  });
}

const SOCKET_PATH = `/app/${APP_KEY}?protocol=7`;
const socketSpellings = () =>
  SPELLINGS.map(([name, spell]) => [name, `${spell(`/app/${APP_KEY}`)}?protocol=7`] as const).filter(([, spelled]) => spelled !== SOCKET_PATH);

async function webDist(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const dist of ['host', 'remote-leads', 'remote-documents', 'remote-admin']) {
    mkdirSync(path.join(dir, 'web', dist, 'dist'), { recursive: true });
    writeFileSync(path.join(dir, 'web', dist, 'dist', 'index.html'), '<!doctype html><title>CRM</title>');
  }
  return dir;
}

describe('path spellings (pglite)', () => {
  const recorder = routeRecorder();
  let t: TestApp;
  let tempDir: string;
  let port: number;
  let admin: Record<string, string>;
  let requests = 0;

  before(async () => {
    tempDir = await webDist('crm-spelling-');
    t = await buildTestApp({
      // This app's own peer (127.0.0.1) is not a trusted proxy: its X-Forwarded-For must count for nothing.
      env: {
        DATA_DIR: path.join(tempDir, 'data'),
        API_DOCS: 'public',
        PUSHER_URL,
        TRUSTED_PROXIES: '192.0.2.1',
      },
      config: { webDistRoot: path.join(tempDir, 'web'), loginRateLimit: { ...loadConfig({}).loginRateLimit, perIp: 10_000 } },
      onRoute: recorder.onRoute,
    });
    admin = bearer(await t.login());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  after(async () => {
    agent.destroy();
    await t?.close();
    rmSync(tempDir, { recursive: true, force: true });
    console.log(`path spellings: ${recorder.routes.length} routes, ${SPELLINGS.length} spellings each, ${requests} requests`);
  });

  async function restrict(addresses: string[]) {
    await t.app.db.delete(whiteIps);
    await t.app.whiteIpRepository.disableEnforcement();
    await t.app.ipAllowList.reload();
    for (const address of addresses) {
      const added = await t.app.inject({ method: 'POST', url: '/api/white-ips', headers: admin, payload: { address, confirm: true } });
      assert.equal(added.statusCode, 201, added.body);
    }
    await t.app.ipAllowList.reload();
  }

  const codeOf = (a: Answer) => {
    try {
      return (JSON.parse(a.body) as { code?: string }).code;
    } catch {
      return undefined;
    }
  };
  const describeAnswer = (a: Answer) => `${a.status} ${a.body.slice(0, 120)}`;

  test('under an allow-list that leaves the caller out, no spelling of any route gets past the door', async () => {
    await restrict([ELSEWHERE]);
    assert.ok(recorder.routes.length > 50, 'the route table was collected');
    const failures: string[] = [];
    for (const route of recorder.routes) {
      const plain = plainPath(route);
      requests += 1;
      const answer = await send(port, route.method, plain);
      if (!isOpen(route) && !(answer.status === 403 && (route.method === 'HEAD' || codeOf(answer) === 'IP_NOT_ALLOWED'))) {
        failures.push(`${route.method} ${plain}: ${describeAnswer(answer)} (expected 403 IP_NOT_ALLOWED)`);
      }
      if (isOpen(route) && answer.status === 403) failures.push(`${route.method} ${plain}: refused, though every address may reach it`);
      for (const [name, spell] of SPELLINGS) {
        const spelled = spell(plain);
        if (spelled === plain) continue;
        requests += 1;
        const other = await send(port, route.method, spelled);
        const allowed = answer.status === 403 ? [403, 404] : [answer.status, 403, 404];
        if (!allowed.includes(other.status) && !deepLink(route, spelled, other)) {
          failures.push(`${route.method} ${spelled} (${name}): ${describeAnswer(other)}, where ${plain} answers ${answer.status}`);
        }
      }
    }
    assert.deepEqual(failures, []);
  });

  test('with no allow-list, a spelling answers as the plain path or 404, with the same caching', async () => {
    await restrict([]);
    const failures: string[] = [];
    for (const route of recorder.routes) {
      const plain = plainPath(route);
      requests += 1;
      const answer = await send(port, route.method, plain);
      for (const [name, spell] of SPELLINGS) {
        const spelled = spell(plain);
        if (spelled === plain) continue;
        requests += 1;
        const other = await send(port, route.method, spelled);
        if (other.status !== answer.status && other.status !== 404 && !deepLink(route, spelled, other)) {
          failures.push(`${route.method} ${spelled} (${name}): ${describeAnswer(other)}, where ${plain} answers ${answer.status}`);
        } else if (other.status === answer.status && other.cacheControl !== answer.cacheControl) {
          failures.push(`${route.method} ${spelled} (${name}): cache-control ${other.cacheControl}, where ${plain} has ${answer.cacheControl}`);
        }
      }
    }
    assert.deepEqual(failures, []);
  });

  test('every API answer that sets no caching of its own is no-store, outside /api too', async () => {
    await restrict([]);
    for (const url of ['/api/realtime/config', '/%61pi/realtime/config', '/broadcasting/user-auth', '/apps/1/events']) {
      const method = url.includes('realtime') ? 'GET' : 'POST';
      const answer = await send(port, method, url);
      assert.equal(answer.cacheControl, 'no-store', `${method} ${url}: ${describeAnswer(answer)}`);
    }
  });

  test('the realtime socket refuses an address outside the allow-list, however its path is spelled', async () => {
    await restrict([]);
    assert.equal((await upgrade(port, SOCKET_PATH)).status, 101, 'an address on no list connects');

    await restrict([ELSEWHERE]);
    const refused = await upgrade(port, SOCKET_PATH);
    assert.equal(refused.status, 403);
    assert.deepEqual(JSON.parse(refused.body), { code: 'IP_NOT_ALLOWED', message: 'Access from the address 127.0.0.1 is not allowed.', ip: '127.0.0.1' });
    for (const [name, spelled] of socketSpellings()) {
      const answer = await upgrade(port, spelled);
      assert.ok([403, 404].includes(answer.status), `${spelled} (${name}): ${answer.status}`);
    }
    // X-Forwarded-For from a peer that is not a trusted proxy names nobody.
    assert.equal((await upgrade(port, SOCKET_PATH, { 'x-forwarded-for': '10.1.2.3' })).status, 403);

    await restrict(['127.0.0.1']);
    assert.equal((await upgrade(port, SOCKET_PATH)).status, 101, 'back on the list, the address connects again');
  });
});

describe('the realtime socket behind a trusted proxy (pglite)', () => {
  let t: TestApp;
  let port: number;

  before(async () => {
    t = await buildTestApp({ env: { PUSHER_URL, TRUSTED_PROXIES: '127.0.0.1' } });
    const admin = bearer(await t.login());
    const added = await t.app.inject({ method: 'POST', url: '/api/white-ips', headers: admin, payload: { address: ELSEWHERE, confirm: true } });
    assert.equal(added.statusCode, 201, added.body);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  after(() => t?.close());

  test('the client the proxy names is the one the allow-list checks', async () => {
    assert.equal((await upgrade(port, SOCKET_PATH, { 'x-forwarded-for': '10.1.2.3' })).status, 101);
    assert.equal((await upgrade(port, SOCKET_PATH, { 'x-forwarded-for': '198.51.100.1' })).status, 403);
    assert.equal((await upgrade(port, SOCKET_PATH)).status, 403);
  });
});
