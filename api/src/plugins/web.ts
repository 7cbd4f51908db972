import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { REMOTE_SCOPES, ROUTE_MANIFEST, type ExposedModule } from '@crm/shared/routes';
import { flattenRoutes, pagesOf, type FlatRoute } from '@crm/shared/routes/derive';
import type { FastifyInstance, FastifyReply } from 'fastify';
import FindMyWay from 'find-my-way';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig, RemoteName } from '../config';
import { findPackageRoot } from '../package-root';

/** Each remote's federation scope, as the route table names it. */
export const REMOTES: Record<RemoteName, string> = REMOTE_SCOPES;

const remotesManifestSchema = z.object({
  remotes: z.array(z.object({ name: z.string(), entry: z.string() })),
});

/** Where the host loads each remote from: the registry's active entries (docs/decisions/052). */
export function remotesManifest(entries: Record<RemoteName, string>): z.infer<typeof remotesManifestSchema> {
  return {
    remotes: (Object.keys(REMOTES) as RemoteName[]).map((remote) => ({ name: REMOTES[remote], entry: entries[remote] })),
  };
}

/** Where remotes load from when no registry is registered (the web plugin on its own, in web.test.ts). */
const configEntries = (config: AppConfig) => async () => config.remotes;

const webConfigSchema = z.object({
  /** Internationalisation is configured but off unless I18N_ENABLED is set; off → English shell, no switcher. */
  i18nEnabled: z.boolean(),
  /** The shell's language for a user who has not chosen one (DEFAULT_LANGUAGE, decision 067). */
  defaultLanguage: z.enum(['en', 'fr', 'ar', 'ru']),
  /** Single sign-on's button ("Войти через {name}", decision 073), or null when OIDC_* are unset. */
  sso: z.object({ name: z.string() }).nullable(),
  /** False with PASSWORD_SIGN_IN=false: the login page leads with single sign-on and folds the password form away. */
  passwordSignIn: z.boolean(),
});

export function webConfig(config: AppConfig): z.infer<typeof webConfigSchema> {
  return {
    i18nEnabled: config.i18nEnabled,
    defaultLanguage: config.defaultLanguage,
    sso: config.sso ? { name: config.sso.name } : null,
    passwordSignIn: config.passwordSignIn.enabled,
  };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** webpack names hashed output `[name].[contenthash:10].js`; such a file never changes under its name. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

/** The copies tooling/compress.mjs writes next to a build's text assets, served in place of the file itself. */
const PRECOMPRESSED = /\.(br|gz)$/;

/**
 * Hashed assets are cached for good; everything else (index.html, mf-manifest.json, remoteEntry.js) is revalidated.
 * A precompressed copy (`main.0123456789.js.br`) is cached as the file it stands for.
 */
export function cacheControlFor(filePath: string): string {
  return HASHED_NAME.test(path.basename(filePath).replace(PRECOMPRESSED, '')) ? IMMUTABLE : REVALIDATE;
}

/** The app's icon, one teal mark for every page: browsers ask for /favicon.ico at the root whatever the HTML says. */
const FAVICONS = { 'favicon.ico': 'image/x-icon', 'favicon.svg': 'image/svg+xml' } as const;
const FAVICON_CACHE = 'public, max-age=86400';

const isFile = async (file: string) => {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
};

const isDirectory = async (dir: string) => {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
};

/**
 * The host's routes (shared/src/routes, the one route table), matched as react-router ranks them: a static segment
 * before a `:param`, a `:param` before `*`; case and a trailing slash ignored like the router does.
 */
const hostRoutes = FindMyWay({ ignoreTrailingSlash: true, caseSensitive: false });
for (const route of flattenRoutes(ROUTE_MANIFEST)) hostRoutes.on('GET', route.path, () => undefined, route);

/** The remote a route shows and the modules it renders there, outermost first (a drawer opens over its list). */
export interface RoutePreload {
  remote: RemoteName;
  modules: ExposedModule[];
}

/**
 * What the host page of a route preloads (docs/decisions/038): the remote its page comes from, so the browser fetches
 * that remote's manifest and entry while the host's own scripts load, and the page's own chunks. Null for a host page,
 * an unknown path, or a param the table rejects (`/document/5`: the host shows its 404 there).
 */
export function preloadForRoute(route: string): RoutePreload | null {
  let found;
  try {
    found = hostRoutes.find('GET', `/${route.replace(/^\/+/, '')}`);
  } catch {
    return null; // A malformed escape: not a page the host can show either.
  }
  if (!found) return null;
  const flat = found.store as FlatRoute;
  for (const entry of flat.entries) {
    for (const [key, source] of Object.entries(entry.params ?? {})) {
      if (!new RegExp(source).test(found.params[key] ?? '')) return null;
    }
  }
  const pages = pagesOf(flat);
  if (pages.length === 0) return null;
  return { remote: pages[0].remote, modules: pages.filter((page) => page.remote === pages[0].remote).map((page) => page.module) };
}

/** The id of the JSON block the host reads its remotes manifest from before asking /build/remotes.json. */
export const INLINE_MANIFEST_ID = 'remotes-manifest';
/** The id of the JSON block the host reads its run-time settings from before asking /build/web-config.json. */
export const INLINE_WEB_CONFIG_ID = 'web-config';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside <script>: `<` escaped so no value can close the element. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * What `mf-manifest.json` says about where the remote's entry script is, relative to the manifest, and which chunks
 * each exposed module needs before it can run (`assets.js.sync`, relative to the remote's public path).
 */
const mfManifestSchema = z.object({
  metaData: z.object({ remoteEntry: z.object({ name: z.string().min(1), path: z.string() }) }),
  exposes: z
    .array(z.object({ path: z.string(), assets: z.object({ js: z.object({ sync: z.array(z.string()) }) }) }))
    .optional(),
});

/** Serves the host build under /build/ and each remote's build under /build/remotes/<name>/, with SPA fallbacks. */
export async function webRoutes(app: FastifyInstance, { config }: { config: AppConfig }) {
  // Every route of this plugin serves the front end: open to every address, so a refused browser can still show the
  // page that names its address, and cached by its own rules (docs/decisions/044).
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, openToEveryAddress: 'web-asset' };
  });
  // One @fastify/static instance, used only for reply.sendFile: the routes below decide which folder answers.
  // `preCompressed`: the brotli or gzip copy the build wrote next to a file (tooling/compress.mjs) answers a browser
  // that accepts it, with Content-Encoding and `Vary: accept-encoding`; the file itself answers anyone else.
  await app.register(fastifyStatic, {
    serve: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
  });

  const hostDist = path.join(config.webDistRoot, 'host', 'dist');
  const remoteEntries = app.hasDecorator('remoteRegistry') ? () => app.remoteRegistry.entries() : configEntries(config);
  const remoteDist = (remote: RemoteName) => path.join(config.webDistRoot, `remote-${remote}`, 'dist');

  /** A file read once per modification time (the host's index.html, a remote's mf-manifest.json). */
  const fileCache = new Map<string, { mtimeMs: number; text: string }>();
  async function readCached(file: string): Promise<string | null> {
    try {
      const { mtimeMs } = await stat(file);
      const cached = fileCache.get(file);
      if (cached && cached.mtimeMs === mtimeMs) return cached.text;
      const text = await readFile(file, 'utf8');
      fileCache.set(file, { mtimeMs, text });
      return text;
    } catch {
      return null;
    }
  }

  /**
   * The scripts of a remote to preload, when the remote is the bundled build (its manifest is on this disk): its entry,
   * then the chunks the route's exposed modules need before they run. A remote deployed elsewhere (REMOTE_*_URL on
   * another path or origin) gets a preload of its manifest only.
   */
  async function bundledRemoteScripts(remote: RemoteName, manifestUrl: string, modules: readonly string[]): Promise<string[]> {
    if (manifestUrl !== `/build/remotes/${remote}/mf-manifest.json`) return [];
    const text = await readCached(path.join(remoteDist(remote), 'mf-manifest.json'));
    if (text === null) return [];
    try {
      const manifest = mfManifestSchema.parse(JSON.parse(text));
      const { remoteEntry } = manifest.metaData;
      const base = `/build/remotes/${remote}/`;
      const chunks = modules.flatMap((module) => manifest.exposes?.find((exposed) => exposed.path === module)?.assets.js.sync ?? []);
      const files = [`${remoteEntry.path}/${remoteEntry.name}`, ...chunks].map((file) => path.posix.normalize(`${base}${file}`));
      return [...new Set(files)];
    } catch {
      return [];
    }
  }

  /**
   * The host page for a route: the remotes manifest and the web config inlined (one request less each before any
   * remote can load and before the shell renders, docs/decisions/038 and 081) and preload hints for the manifest and entry script of the remote the route shows, so they download alongside the
   * host's scripts. Built per request from the registry, so a remote switched through the API (or moved by
   * REMOTE_*_URL) is what the next page load gets, with no host rebuild and no restart.
   */
  async function hostPage(dist: string, route: string): Promise<string | null> {
    // Only a federated host loads remotes: a host built without the federation plugin has no mf-manifest.json of
    // its own (the one-bundle build of bench:federation-vs-bundle) and gets its page as built.
    if ((await readCached(path.join(dist, 'mf-manifest.json'))) === null) return null;
    const html = await readCached(path.join(dist, 'index.html'));
    if (html === null) return null;
    const entries = await remoteEntries();
    const hints: string[] = [
      `<script type="application/json" id="${INLINE_WEB_CONFIG_ID}">${inlineJson(webConfig(config))}</script>`,
      `<script type="application/json" id="${INLINE_MANIFEST_ID}">${inlineJson(remotesManifest(entries))}</script>`,
    ];
    const preload = preloadForRoute(route);
    if (preload) {
      const { remote, modules } = preload;
      hints.push(`<link rel="preload" href="${escapeAttribute(entries[remote])}" as="fetch" crossorigin="anonymous">`);
      // The entry first, then the chunks of the route's page, in the order the federation runtime will ask for them.
      for (const script of await bundledRemoteScripts(remote, entries[remote], modules)) {
        hints.push(`<link rel="preload" href="${escapeAttribute(script)}" as="script">`);
      }
    }
    const block = hints.join('');
    return html.includes('</head>') ? html.replace('</head>', `${block}</head>`) : `${block}${html}`;
  }

  /**
   * The host page compressed as the build compresses the files beside it (tooling/compress.mjs). A page differs only
   * by the remote its route shows, so there are a handful: each is compressed once (the first time it is asked for,
   * and again after a rebuild changes index.html).
   */
  const compressedPages = new Map<string, { br: Buffer; gzip: Buffer }>();
  function compressedPage(page: string) {
    let compressed = compressedPages.get(page);
    if (!compressed) {
      if (compressedPages.size >= 32) compressedPages.clear();
      compressed = {
        br: brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }),
        gzip: gzipSync(page, { level: zlib.Z_BEST_COMPRESSION }),
      };
      compressedPages.set(page, compressed);
    }
    return compressed;
  }
  const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

  async function serveHostPage(reply: FastifyReply, dist: string, route: string) {
    const page = await hostPage(dist, route);
    if (page === null) return reply.sendFile('index.html', dist);
    reply.header('cache-control', REVALIDATE).header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    const encoding = encodings.negotiate(reply.request.headers['accept-encoding'] ?? '');
    if (encoding === null) return reply.send(page);
    return reply.header('content-encoding', encoding).send(compressedPage(page)[encoding]);
  }

  async function serve(reply: FastifyReply, dist: string, label: string, requested: string, isHost = false) {
    if (!(await isDirectory(dist))) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(`The ${label} build is missing (${dist}).\nRun \`pnpm build\` at the repository root, then reload this page.\n`);
    }
    // Normalising against '/' drops any '..' so a request cannot leave the dist folder.
    const relative = path.posix.normalize(`/${requested}`).slice(1);
    if (isHost && relative === 'index.html') return serveHostPage(reply, dist, '');
    if (relative !== '' && (await isFile(path.join(dist, relative)))) return reply.sendFile(relative, dist);
    // A path with an extension names a file that is not there; anything else is a client-side route (deep link).
    if (path.posix.extname(relative) !== '') return reply.callNotFound();
    return isHost ? serveHostPage(reply, dist, relative) : reply.sendFile('index.html', dist);
  }

  const web = app.withTypeProvider<ZodTypeProvider>();
  const hidden = { hide: true };

  web.get('/', { schema: hidden }, (_request, reply) => reply.redirect('/build/', 302));
  web.get('/build', { schema: hidden }, (_request, reply) => reply.redirect('/build/', 302));

  web.get(
    '/build/remotes.json',
    { schema: { tags: ['web'], summary: 'Where the host loads each remote from', response: { 200: remotesManifestSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', REVALIDATE);
      return remotesManifest(await remoteEntries());
    },
  );

  web.get(
    '/build/web-config.json',
    { schema: { tags: ['web'], summary: "The front end's run-time settings", response: { 200: webConfigSchema } } },
    (_request, reply) => {
      reply.header('cache-control', REVALIDATE);
      return webConfig(config);
    },
  );

  // Tiny and fixed for the life of the process: read once, answered from memory.
  const publicDir = path.join(findPackageRoot(), 'public');
  for (const [file, type] of Object.entries(FAVICONS)) {
    const body = await readFile(path.join(publicDir, file));
    web.get(`/${file}`, { schema: hidden }, (_request, reply) =>
      reply.type(type).header('cache-control', FAVICON_CACHE).send(body),
    );
  }

  const isRemote = (name: string): name is RemoteName => Object.hasOwn(REMOTES, name);

  web.get('/build/remotes/:remote', { schema: hidden }, (request, reply) => {
    const { remote } = request.params as { remote: string };
    if (!isRemote(remote)) return reply.callNotFound();
    return reply.redirect(`/build/remotes/${remote}/`, 302);
  });

  web.get('/build/remotes/:remote/*', { schema: hidden }, (request, reply) => {
    const { remote, '*': rest } = request.params as { remote: string; '*': string };
    if (!isRemote(remote)) return reply.callNotFound();
    // A host deployed on another origin may load this remote (REMOTE_*_URL pointing here).
    reply.header('cross-origin-resource-policy', 'cross-origin');
    return serve(reply, remoteDist(remote), `remote-${remote}`, rest);
  });

  web.get('/build/*', { schema: hidden }, (request, reply) => {
    const { '*': rest } = request.params as { '*': string };
    return serve(reply, hostDist, 'host', rest, true);
  });
}
