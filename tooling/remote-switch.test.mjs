// tooling/remote-switch.mjs against a tiny fake of the CRM's API: the requests it sends, its output and exit code.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';
import { after, before, beforeEach, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'remote-switch.mjs');
const TOKEN = 'token-of-an-admin';
const GOOD = 'https://cdn.example.com/leads/1.4.0/mf-manifest.json';
const REASON = 'The build needs @crm/shared >=0.8.0 <1.0.0; the host provides 0.7.0';

const leads = (entry, version) => ({
  name: 'leads',
  scope: 'remote_leads',
  entry,
  version,
  commit: 'abcdef1234567890',
  shared_range: '>=0.7.0 <1.0.0',
  source: 'api',
  switched_at: '2026-11-26T10:00:00.000Z',
  switched_by: { id: 1, name: 'Admin', email: 'admin@example.com' },
  previous_entry: '/build/remotes/leads/mf-manifest.json',
  last_errors: { count_24h: 0, latest: null },
});

/** What the fake API received: method, path, authorization header and JSON body. */
let received = [];
let rollbackAnswer;
let server;
let crmUrl;

before(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const body = text ? JSON.parse(text) : undefined;
      received.push({ method: request.method, path: request.url, authorization: request.headers.authorization, body });
      const send = (status, json) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.method === 'POST' && request.url === '/api/auth/login') {
        return body.password === 'right' ? send(200, { accessToken: 'signed-in-token', userData: {}, userAbilityRules: [] }) : send(422, { message: 'These credentials do not match our records.', errors: { email: ['These credentials do not match our records.'] } });
      }
      if (request.method === 'POST' && request.url === '/api/auth/logout') return send(200, { message: 'Logged out.' });
      if (request.headers.authorization !== `Bearer ${TOKEN}` && request.headers.authorization !== 'Bearer signed-in-token') {
        return send(401, { message: 'Unauthenticated.', code: 'UNAUTHENTICATED' });
      }
      if (request.method === 'PUT' && request.url === '/api/remotes/leads') {
        if (body.entry === GOOD) return send(200, { data: leads(GOOD, '1.4.0'), meta: { warnings: [] } });
        return send(422, { message: `The remote was not switched: ${REASON}`, errors: { entry: [REASON] } });
      }
      if (request.method === 'POST' && request.url === '/api/remotes/leads/rollback') return send(...rollbackAnswer);
      return send(404, { message: 'Not Found' });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  crmUrl = `http://127.0.0.1:${server.address().port}`;
});
after(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  received = [];
  rollbackAnswer = [200, { data: leads('/build/remotes/leads/mf-manifest.json', '0.1.0') }];
});

/** Runs the script as `pnpm remote:switch` does; answers its exit code and output. */
function run(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { env: { PATH: process.env.PATH, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('a switch sends PUT /api/remotes/{name} with the entry and the bearer token, and prints the new build', async () => {
  const { code, stdout, stderr } = await run(['leads', GOOD], { CRM_URL: crmUrl, CRM_TOKEN: TOKEN });
  assert.equal(code, 0, stderr);
  assert.deepEqual(received, [{ method: 'PUT', path: '/api/remotes/leads', authorization: `Bearer ${TOKEN}`, body: { entry: GOOD } }]);
  assert.match(stdout, /Switched: leads is now 1\.4\.0 \(commit abcdef1\), needs @crm\/shared >=0\.7\.0 <1\.0\.0/);
  assert.match(stdout, /entry: https:\/\/cdn\.example\.com\/leads\/1\.4\.0\/mf-manifest\.json/);
});

test("a refused manifest (422) prints the API's reason and exits 1", async () => {
  const bad = 'https://cdn.example.com/leads/2.0.0/mf-manifest.json';
  const { code, stdout, stderr } = await run(['leads', bad], { CRM_URL: `${crmUrl}/`, CRM_TOKEN: TOKEN });
  assert.equal(code, 1);
  assert.equal(stdout, '');
  assert.equal(stderr.trim(), `remote:switch: refused, leads was not switched: ${REASON}`);
  assert.deepEqual(received.map((r) => [r.method, r.path, r.body]), [['PUT', '/api/remotes/leads', { entry: bad }]]);
});

test('--rollback posts to .../rollback; with nothing to go back to (409) it says so and exits 1', async () => {
  const back = await run(['leads', '--rollback'], { CRM_URL: crmUrl, CRM_TOKEN: TOKEN });
  assert.equal(back.code, 0, back.stderr);
  assert.match(back.stdout, /Rolled back: leads is now 0\.1\.0/);
  assert.deepEqual(received.map((r) => [r.method, r.path, r.body]), [['POST', '/api/remotes/leads/rollback', undefined]]);

  rollbackAnswer = [409, { message: 'This remote has no earlier entry to go back to.', code: 'CONFLICT' }];
  const none = await run(['leads', '--rollback'], { CRM_URL: crmUrl, CRM_TOKEN: TOKEN });
  assert.equal(none.code, 1);
  assert.match(none.stderr, /nothing to roll back to: leads is at its first entry/);
});

test('with CRM_EMAIL and CRM_PASSWORD it signs in, switches with that token, and signs out again', async () => {
  const { code, stderr } = await run(['leads', GOOD], { CRM_URL: crmUrl, CRM_EMAIL: 'admin@example.com', CRM_PASSWORD: 'right' });
  assert.equal(code, 0, stderr);
  assert.deepEqual(
    received.map((r) => [r.method, r.path, r.authorization ?? null]),
    [
      ['POST', '/api/auth/login', null],
      ['PUT', '/api/remotes/leads', 'Bearer signed-in-token'],
      ['POST', '/api/auth/logout', 'Bearer signed-in-token'],
    ],
  );
  assert.deepEqual(received[0].body, { email: 'admin@example.com', password: 'right' });

  const wrong = await run(['leads', GOOD], { CRM_URL: crmUrl, CRM_EMAIL: 'admin@example.com', CRM_PASSWORD: 'wrong' });
  assert.equal(wrong.code, 1);
  assert.match(wrong.stderr, /signing in as admin@example\.com failed \(422\): These credentials do not match our records\./);
});

test('a token the API does not accept (401) exits 1 naming the token', async () => {
  const { code, stderr } = await run(['leads', GOOD], { CRM_URL: crmUrl, CRM_TOKEN: 'expired' });
  assert.equal(code, 1);
  assert.match(stderr, /the token was not accepted \(401\)/);
});

test('usage mistakes exit 2 before any request: unknown remote, no URL, no CRM_URL, no credentials', async () => {
  const cases = [
    [['payroll', GOOD], { CRM_URL: crmUrl, CRM_TOKEN: TOKEN }, /Unknown remote payroll/],
    [['leads'], { CRM_URL: crmUrl, CRM_TOKEN: TOKEN }, /Give the manifest URL to switch to, or --rollback/],
    [['leads', GOOD, '--rollback'], { CRM_URL: crmUrl, CRM_TOKEN: TOKEN }, /--rollback takes no manifest URL/],
    [['leads', GOOD], { CRM_TOKEN: TOKEN }, /CRM_URL is not set/],
    [['leads', GOOD], { CRM_URL: crmUrl }, /Set CRM_TOKEN/],
  ];
  for (const [args, env, message] of cases) {
    const { code, stderr } = await run(args, env);
    assert.equal(code, 2, args.join(' '));
    assert.match(stderr, message);
    assert.match(stderr, /Usage: pnpm remote:switch/);
  }
  assert.deepEqual(received, []);
});
