import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { bearer, buildTestApp, type TestApp } from '../test/build-test-app';

/** The CSP header as directive → sources. */
function parseCsp(header: string | string[] | number | undefined): Record<string, string[]> {
  assert.equal(typeof header, 'string', 'a Content-Security-Policy header');
  return Object.fromEntries(
    (header as string)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  let root: string;
  let t: TestApp;
  let token: string;

  before(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'crm-headers-'));
    for (const [name, content] of Object.entries({
      'host/dist/index.html': '<!doctype html><title>CRM</title><script defer src="/build/assets/main.0123456789.js"></script>',
      'remote-leads/dist/remoteEntry.js': 'var remote_leads;',
      // The build's brotli copy (tooling/compress.mjs); its contents do not matter here.
      'remote-leads/dist/remoteEntry.js.br': 'brotli copy',
    })) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), content);
    }
    t = await buildTestApp({
      env: { REMOTE_DOCUMENTS_URL: 'https://cdn.example.com/documents/mf-manifest.json' },
      config: { webDistRoot: root, csp: { imgOrigins: ['https://files.example.com'], connectOrigins: ['wss://ws-eu.pusher.com'] } },
    });
    token = await t.login();
  });
  after(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('app pages: a CSP that lets nobody frame them and runs only scripts from this server and the remotes', async () => {
    for (const url of ['/build/login', '/build/leads/list']) {
      const page = await t.app.inject({ method: 'GET', url });
      assert.equal(page.statusCode, 200);
      const csp = parseCsp(page.headers['content-security-policy']);
      assert.deepEqual(csp['frame-ancestors'], ["'none'"]);
      // Plus the pre-paint script (tooling/prepaint.js), by the hash of exactly what the build inlines.
      const prepaint = readFileSync(new URL('../../../tooling/prepaint.js', import.meta.url), 'utf8').trim();
      const hash = `'sha256-${createHash('sha256').update(prepaint).digest('base64')}'`;
      assert.deepEqual(csp['script-src'], ["'self'", 'https://cdn.example.com', hash]);
      assert.deepEqual(csp['script-src-attr'], ["'none'"]);
      assert.deepEqual(csp['style-src'], ["'self'", "'unsafe-inline'", 'https://cdn.example.com']);
      assert.deepEqual(csp['img-src'], ["'self'", 'data:', 'blob:', 'https://cdn.example.com', 'https://files.example.com']);
      assert.deepEqual(csp['connect-src'], ["'self'", 'https://cdn.example.com', 'wss://ws-eu.pusher.com']);
      assert.deepEqual(csp['frame-src'], ["'self'", 'https://view.officeapps.live.com', 'https://www.youtube.com', 'https://player.vimeo.com']);
      assert.deepEqual(csp['object-src'], ["'none'"]);
      assert.deepEqual(csp['base-uri'], ["'self'"]);
      assert.deepEqual(csp['default-src'], ["'self'"]);
      // Plain HTTP (this test's APP_URL): upgrading requests would break them.
      assert.equal(csp['upgrade-insecure-requests'], undefined);
      assert.equal(page.headers['x-content-type-options'], 'nosniff');
      assert.equal(page.headers['x-frame-options'], 'DENY');
      assert.equal(page.headers['referrer-policy'], 'strict-origin-when-cross-origin');
      assert.equal(page.headers['cross-origin-opener-policy'], 'same-origin');
      assert.equal(page.headers['strict-transport-security'], undefined);
    }
  });

  test('authenticated API answers and API errors are never cached', async () => {
    for (const url of ['/api/auth/me', '/api/leads', '/api/lead-status']) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['cache-control'], 'no-store', url);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/leads' });
    assert.equal(anonymous.statusCode, 401);
    assert.equal(anonymous.headers['cache-control'], 'no-store');
  });

  test('routes that choose their own caching keep it; remotes may be loaded by a host on another origin', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/build/remotes/leads/remoteEntry.js' });
    assert.equal(remote.statusCode, 200);
    assert.equal(remote.headers['cache-control'], 'no-cache');
    assert.equal(remote.headers['cross-origin-resource-policy'], 'cross-origin');
    const host = await t.app.inject({ method: 'GET', url: '/build/login' });
    assert.equal(host.headers['cross-origin-resource-policy'], 'same-origin');
    // The precompressed copy answers with the same headers as the file, plus its encoding.
    const compressed = await t.app.inject({ method: 'GET', url: '/build/remotes/leads/remoteEntry.js', headers: { 'accept-encoding': 'br' } });
    assert.equal(compressed.headers['content-encoding'], 'br');
    assert.equal(compressed.headers['cache-control'], 'no-cache');
    assert.equal(compressed.headers['cross-origin-resource-policy'], 'cross-origin');
    for (const header of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy']) {
      assert.equal(compressed.headers[header], remote.headers[header], header);
    }
  });

  test('behind HTTPS: HSTS, and insecure requests upgraded', async () => {
    const https = await buildTestApp({ env: { APP_URL: 'https://crm.example.com' }, config: { webDistRoot: root } });
    try {
      const page = await https.app.inject({ method: 'GET', url: '/build/login' });
      assert.deepEqual(parseCsp(page.headers['content-security-policy'])['upgrade-insecure-requests'], []);
      assert.equal(page.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });
});
