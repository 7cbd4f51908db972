import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ROUTE_MANIFEST } from '@crm/shared/routes';
import { flattenRoutes, pagesOf } from '@crm/shared/routes/derive';
import { loadConfig } from '../config';
import { errorHandler } from './error-handler';
import { preloadForRoute, webRoutes } from './web';

/** Just the web plugin and the error handler: no database needed to serve files. */
async function buildWebApp(webDistRoot: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandler);
  await app.register(webRoutes, { config: { ...loadConfig(env), webDistRoot } });
  await app.ready();
  return app;
}

function writeFiles(root: string, files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HOST_PAGE = '<html><head><title>host</title></head><body><div id="app"></div></body></html>';
const LEADS_MANIFEST = {
  id: 'remote_leads',
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { path: './leads-list-page', assets: { js: { sync: ['assets/9533.8d555aee2b.js', 'assets/list.6687a24232.js'], async: ['assets/6507.b7a428f40f.js'] } } },
    { path: './lead-detail-page', assets: { js: { sync: ['assets/detail.8e42d73d74.js'], async: [] } } },
    { path: './lead-status-list-page', assets: { js: { sync: ['assets/9533.8d555aee2b.js', 'assets/statuses.1a2b3c4d5e.js'], async: [] } } },
    { path: './add-status-drawer', assets: { js: { sync: ['assets/9533.8d555aee2b.js', 'assets/drawer.5e4d3c2b1a.js'], async: [] } } },
  ],
};

/** The manifest the host page carries inline, parsed as the host parses it. */
function inlineManifest(html: string): unknown {
  const match = /<script type="application\/json" id="remotes-manifest">(.*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]) : null;
}
const preloads = (html: string) => [...html.matchAll(/<link rel="preload" [^>]*>/g)].map(([tag]) => tag);

describe('web: front-end builds', () => {
  let root: string;
  let app: FastifyInstance;

  before(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'crm-web-'));
    writeFiles(root, {
      'host/dist/index.html': HOST_PAGE,
      'host/dist/mf-manifest.json': '{"id":"host"}',
      'host/dist/assets/main.0123456789.js': 'console.log("host")',
      'host/dist/favicon.ico': 'icon',
      'remote-leads/dist/index.html': '<title>leads standalone</title>',
      'remote-leads/dist/mf-manifest.json': JSON.stringify(LEADS_MANIFEST),
      'remote-leads/dist/remoteEntry.js': 'var remote_leads;',
      'remote-leads/dist/assets/leads-list-page.abcdef0123.js': 'export {}',
      // What tooling/compress.mjs writes beside a text asset (contents stand-ins: only which copy answers matters).
      'host/dist/assets/main.0123456789.js.br': 'brotli copy',
      'host/dist/assets/main.0123456789.js.gz': 'gzip copy',
      'remote-leads/dist/remoteEntry.js.gz': 'gzip entry',
      'remote-admin/dist/mf-manifest.json': '{"id":"remote_admin"}',
      // remote-documents is deliberately not built.
    });
    app = await buildWebApp(root);
  });
  after(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  test('/ and /build redirect to /build/', async () => {
    for (const url of ['/', '/build']) {
      const response = await get(url);
      assert.equal(response.statusCode, 302);
      assert.equal(response.headers.location, '/build/');
    }
  });

  test("the host's index.html answers /build/ and every deep link, revalidated", async () => {
    for (const url of ['/build/', '/build/leads/list', '/build/lead-status/list/AddStatusDrawer', '/build/login?to=/leads/list']) {
      const response = await get(url);
      assert.equal(response.statusCode, 200, url);
      assert.match(response.body, /<title>host<\/title>/, url);
      assert.match(response.headers['content-type'] as string, /^text\/html/);
      assert.equal(response.headers['cache-control'], 'no-cache');
    }
  });

  test('the host page carries the remotes manifest inline, so the host need not ask /build/remotes.json', async () => {
    for (const url of ['/build/', '/build/index.html', '/build/login', '/build/leads/list']) {
      const html = (await get(url)).body;
      assert.deepEqual(inlineManifest(html), (await get('/build/remotes.json')).json(), url);
      assert.match(html, /id="remotes-manifest">[^<]*<\/script>(<link [^>]*>)*<\/head><body>/, 'in the head, whole');
    }
  });

  test('the host page carries the web config inline, so the shell renders without asking /build/web-config.json', async () => {
    for (const url of ['/build/', '/build/login', '/build/leads/list']) {
      const html = (await get(url)).body;
      const match = /<script type="application\/json" id="web-config">(.*?)<\/script>/.exec(html);
      assert.ok(match, url);
      assert.deepEqual(JSON.parse(match[1]), (await get('/build/web-config.json')).json(), url);
    }
  });

  test("a route's page preloads the manifest and entry script of the remote it shows, and only that one", async () => {
    const manifestAndEntry = [
      '<link rel="preload" href="/build/remotes/leads/mf-manifest.json" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/build/remotes/leads/remoteEntry.js" as="script">',
    ];
    // The list page's own chunks (what its exposed module needs before it runs), not those it loads later.
    assert.deepEqual(preloads((await get('/build/leads/list')).body), [
      ...manifestAndEntry,
      '<link rel="preload" href="/build/remotes/leads/assets/9533.8d555aee2b.js" as="script">',
      '<link rel="preload" href="/build/remotes/leads/assets/list.6687a24232.js" as="script">',
    ]);
    assert.deepEqual(preloads((await get('/build/leads/42')).body), [
      ...manifestAndEntry,
      '<link rel="preload" href="/build/remotes/leads/assets/detail.8e42d73d74.js" as="script">',
    ]);
    // A page the manifest does not list: the entry only.
    assert.deepEqual(preloads((await get('/build/leads/create')).body), manifestAndEntry);
    // A drawer route draws the list under it: both pages' chunks, each once, the list's first.
    assert.deepEqual(preloads((await get('/build/lead-status/list/AddStatusDrawer')).body), [
      ...manifestAndEntry,
      '<link rel="preload" href="/build/remotes/leads/assets/9533.8d555aee2b.js" as="script">',
      '<link rel="preload" href="/build/remotes/leads/assets/statuses.1a2b3c4d5e.js" as="script">',
      '<link rel="preload" href="/build/remotes/leads/assets/drawer.5e4d3c2b1a.js" as="script">',
    ]);
    // A path the host answers with its 404 (`:idView` must end in -view) preloads nothing, whatever its first segment.
    assert.deepEqual(preloads((await get('/build/document/42')).body), []);
    // The admin manifest names no entry script: only the manifest is preloaded.
    assert.deepEqual(preloads((await get('/build/apps/roles')).body), [
      '<link rel="preload" href="/build/remotes/admin/mf-manifest.json" as="fetch" crossorigin="anonymous">',
    ]);
    assert.deepEqual(preloads((await get('/build/login')).body), [], 'a host page preloads no remote');
  });

  test('hashed assets are immutable; other files revalidate', async () => {
    const asset = await get('/build/assets/main.0123456789.js');
    assert.equal(asset.statusCode, 200);
    assert.equal(asset.headers['cache-control'], IMMUTABLE);
    assert.equal((await get('/build/favicon.ico')).headers['cache-control'], 'no-cache');
  });

  test('a browser that accepts brotli or gzip gets the precompressed copy, cached as the file it stands for', async () => {
    const url = '/build/assets/main.0123456789.js';
    const asset = (encoding: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    const br = await asset('gzip, deflate, br, zstd');
    assert.equal(br.statusCode, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.body, 'brotli copy');
    assert.match(br.headers['content-type'] as string, /^(text|application)\/javascript/);
    assert.match(br.headers.vary as string, /accept-encoding/i);
    assert.equal(br.headers['cache-control'], IMMUTABLE);
    const gz = await asset('gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gz.body, 'gzip copy');
    assert.equal(gz.headers['cache-control'], IMMUTABLE);
    const plain = await asset('identity');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, 'console.log("host")');
    assert.match(plain.headers.vary as string, /accept-encoding/i, 'a shared cache must not hand this to a brotli client');
    // remoteEntry.js has only a gzip copy here; it stays revalidated, compressed or not.
    const entry = await app.inject({ method: 'GET', url: '/build/remotes/leads/remoteEntry.js', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(entry.headers['content-encoding'], 'gzip');
    assert.equal(entry.body, 'gzip entry');
    assert.equal(entry.headers['cache-control'], 'no-cache');
    // A file without copies is sent as it is.
    const manifest = await app.inject({ method: 'GET', url: '/build/remotes/leads/mf-manifest.json', headers: { 'accept-encoding': 'br' } });
    assert.equal(manifest.headers['content-encoding'], undefined);
    assert.deepEqual(manifest.json(), LEADS_MANIFEST);
  });

  test('the host page is compressed for a browser that accepts it, and is the same page', async () => {
    const url = '/build/leads/list';
    const plain = await get(url);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(plain.headers.vary as string, /accept-encoding/i);
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(br.headers['content-type'] as string, /^text\/html/);
    assert.equal(br.headers['cache-control'], 'no-cache');
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body);
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.rawPayload).toString(), plain.body);
  });

  test('a missing file is a 404 JSON, not the index page', async () => {
    const response = await get('/build/assets/gone.1234567890.js');
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().code, 'NOT_FOUND');
  });

  test("a remote's files come from its own build, with the right cache headers", async () => {
    const manifest = await get('/build/remotes/leads/mf-manifest.json');
    assert.equal(manifest.statusCode, 200);
    assert.deepEqual(manifest.json(), LEADS_MANIFEST);
    assert.equal(manifest.headers['cache-control'], 'no-cache');
    const entry = await get('/build/remotes/leads/remoteEntry.js');
    assert.equal(entry.body, 'var remote_leads;');
    assert.equal(entry.headers['cache-control'], 'no-cache');
    assert.equal((await get('/build/remotes/leads/assets/leads-list-page.abcdef0123.js')).headers['cache-control'], IMMUTABLE);
    assert.equal((await get('/build/remotes/admin/mf-manifest.json')).json().id, 'remote_admin');
  });

  test("a remote's deep link falls back to the remote's own index.html (standalone)", async () => {
    for (const url of ['/build/remotes/leads/', '/build/remotes/leads/lead-status/list']) {
      const response = await get(url);
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.body, '<title>leads standalone</title>');
    }
    assert.equal((await get('/build/remotes/leads')).headers.location, '/build/remotes/leads/');
  });

  test('a build that is missing answers a plain explanation, not a crash', async () => {
    const response = await get('/build/remotes/documents/mf-manifest.json');
    assert.equal(response.statusCode, 503);
    assert.match(response.headers['content-type'] as string, /^text\/plain/);
    assert.match(response.body, /remote-documents build is missing/);
    assert.match(response.body, /pnpm build/);
  });

  test('unknown remotes and escapes from the dist folder find nothing', async () => {
    assert.equal((await get('/build/remotes/payroll/mf-manifest.json')).statusCode, 404);
    for (const url of ['/build/../../package.json', '/build/%2e%2e/%2e%2e/host/dist/index.html', '/build/remotes/leads/..%2f..%2fhost%2fdist%2findex.html']) {
      const response = await get(url);
      assert.doesNotMatch(response.body, /<title>host<\/title>/, url);
    }
  });

  test('remotes.json points at the bundled builds by default, never cached', async () => {
    const response = await get('/build/remotes.json');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-cache');
    assert.deepEqual(response.json(), {
      remotes: [
        { name: 'remote_leads', entry: '/build/remotes/leads/mf-manifest.json' },
        { name: 'remote_documents', entry: '/build/remotes/documents/mf-manifest.json' },
        { name: 'remote_admin', entry: '/build/remotes/admin/mf-manifest.json' },
      ],
    });
  });
});

describe('web: overrides and missing host build', () => {
  test('web-config.json turns the language switcher on only when I18N_ENABLED is set, never cached', async () => {
    const off = await buildWebApp(os.tmpdir());
    const offResponse = await off.inject({ method: 'GET', url: '/build/web-config.json' });
    assert.equal(offResponse.headers['cache-control'], 'no-cache');
    assert.deepEqual(offResponse.json(), { i18nEnabled: false, defaultLanguage: 'en', sso: null, passwordSignIn: true });
    await off.close();
    const on = await buildWebApp(os.tmpdir(), { I18N_ENABLED: 'true' });
    assert.deepEqual((await on.inject({ method: 'GET', url: '/build/web-config.json' })).json(), { i18nEnabled: true, defaultLanguage: 'en', sso: null, passwordSignIn: true });
    await on.close();
  });

  test('web-config.json names the shell language DEFAULT_LANGUAGE picks, with or without the switcher', async () => {
    const app = await buildWebApp(os.tmpdir(), { DEFAULT_LANGUAGE: 'ru' });
    assert.deepEqual((await app.inject({ method: 'GET', url: '/build/web-config.json' })).json(), { i18nEnabled: false, defaultLanguage: 'ru', sso: null, passwordSignIn: true });
    await app.close();
  });

  test('REMOTE_*_URL replace the bundled entries in remotes.json', async () => {
    const app = await buildWebApp(os.tmpdir(), {
      REMOTE_LEADS_URL: 'https://leads.example.com/v2/mf-manifest.json',
      REMOTE_ADMIN_URL: 'http://localhost:3003/mf-manifest.json',
    });
    const { remotes } = (await app.inject({ method: 'GET', url: '/build/remotes.json' })).json();
    assert.deepEqual(remotes, [
      { name: 'remote_leads', entry: 'https://leads.example.com/v2/mf-manifest.json' },
      { name: 'remote_documents', entry: '/build/remotes/documents/mf-manifest.json' },
      { name: 'remote_admin', entry: 'http://localhost:3003/mf-manifest.json' },
    ]);
    await app.close();
  });

  test('a remote moved by REMOTE_*_URL is what the host page inlines and preloads (its manifest only), no rebuild', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'crm-web-moved-'));
    writeFiles(root, {
      'host/dist/index.html': HOST_PAGE,
      'host/dist/mf-manifest.json': '{"id":"host"}',
      'remote-leads/dist/mf-manifest.json': JSON.stringify(LEADS_MANIFEST),
    });
    const app = await buildWebApp(root, { REMOTE_LEADS_URL: 'https://leads.example.com/v2/mf-manifest.json?a=1&b=2' });
    const html = (await app.inject({ method: 'GET', url: '/build/leads/list' })).body;
    assert.deepEqual(inlineManifest(html), (await app.inject({ method: 'GET', url: '/build/remotes.json' })).json());
    assert.deepEqual(preloads(html), [
      '<link rel="preload" href="https://leads.example.com/v2/mf-manifest.json?a=1&amp;b=2" as="fetch" crossorigin="anonymous">',
    ]);
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('a host built without federation (no mf-manifest.json of its own) is served as built', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'crm-web-bundle-'));
    writeFiles(root, { 'host/dist/index.html': HOST_PAGE });
    const app = await buildWebApp(root);
    for (const url of ['/build/', '/build/leads/list']) {
      assert.equal((await app.inject({ method: 'GET', url })).body, HOST_PAGE, url);
    }
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('without a host build, /build/ explains how to build it', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'crm-web-empty-'));
    const app = await buildWebApp(empty);
    const response = await app.inject({ method: 'GET', url: '/build/leads/list' });
    assert.equal(response.statusCode, 503);
    assert.match(response.body, /The host build is missing .*\nRun `pnpm build`/);
    await app.close();
    rmSync(empty, { recursive: true, force: true });
  });
});

describe('web: favicon', () => {
  test('/favicon.ico is the teal icon at 16, 32 and 48 px, with or without a build', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'crm-web-empty-'));
    const app = await buildWebApp(empty);
    try {
      const response = await app.inject({ method: 'GET', url: '/favicon.ico' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'image/x-icon');
      assert.equal(response.headers['cache-control'], 'public, max-age=86400');
      const icon = response.rawPayload;
      // ICONDIR: reserved 0, type 1 (icon), then one 16-byte entry per image whose first two bytes are width, height.
      assert.equal(icon.readUInt16LE(0), 0);
      assert.equal(icon.readUInt16LE(2), 1);
      const count = icon.readUInt16LE(4);
      const sizes = Array.from({ length: count }, (_, i) => icon[6 + 16 * i]);
      assert.deepEqual(sizes, [16, 32, 48]);

      const head = await app.inject({ method: 'HEAD', url: '/favicon.ico' });
      assert.equal(head.statusCode, 200);
    } finally {
      await app.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });

  test('/favicon.svg is the same mark for browsers that prefer vectors', async () => {
    const app = await buildWebApp(os.tmpdir());
    try {
      const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
      assert.equal(response.statusCode, 200);
      assert.match(response.headers['content-type'] as string, /^image\/svg\+xml/);
      assert.match(response.body, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      assert.match(response.body, /fill="#0D9394"/);
    } finally {
      await app.close();
    }
  });
});

describe('web: the preload table is the route table (shared/src/routes)', () => {
  /** A value each param of the table accepts (its pattern, when it has one, is checked below). */
  const SAMPLES: Record<string, string> = { id: '42', idView: '42-view', idEdit: '42-edit', '*': 'anything/else' };
  const concrete = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: string) => SAMPLES[name] ?? '').replace(/\*$/, SAMPLES['*']);

  test("every path the host serves with a remote's page preloads that remote and every module the path draws", () => {
    const remotePaths = flattenRoutes(ROUTE_MANIFEST).filter((route) => pagesOf(route).length > 0);
    assert.ok(remotePaths.length >= 25, 'the table has its remote pages');
    for (const route of remotePaths) {
      const url = concrete(route.path);
      for (const entry of route.entries) {
        for (const [name, source] of Object.entries(entry.params ?? {})) {
          assert.match(SAMPLES[name] ?? '', new RegExp(source), `SAMPLES has a valid :${name} for ${route.path}`);
        }
      }
      const pages = pagesOf(route);
      assert.deepEqual(preloadForRoute(url), { remote: pages[0].remote, modules: pages.map((page) => page.module) }, url);
      assert.deepEqual(preloadForRoute(`${url}/`)?.modules, pages.map((page) => page.module), `${url}/`);
    }
    // The router ignores the case of a path's fixed segments.
    assert.deepEqual(preloadForRoute('/Leads/LIST'), { remote: 'leads', modules: ['./leads-list-page'] });
  });

  test('a host page, an unknown path or a rejected param preloads nothing', () => {
    for (const url of ['', 'login', 'pages/user-profile', 'pages/misc/not-found/x', 'no/such/page', 'document/42', 'team/42', 'leads/%E0%A4%A']) {
      assert.equal(preloadForRoute(url), null, url);
    }
  });
});
