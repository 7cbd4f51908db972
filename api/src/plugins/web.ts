import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig, RemoteName } from '../config';
import { findPackageRoot } from '../package-root';

export const REMOTES: Record<RemoteName, string> = {
  leads: 'remote_leads',
  documents: 'remote_documents',
  admin: 'remote_admin',
};

const remotesManifestSchema = z.object({
  remotes: z.array(z.object({ name: z.string(), entry: z.string() })),
});

export function remotesManifest(config: AppConfig): z.infer<typeof remotesManifestSchema> {
  return {
    remotes: (Object.keys(REMOTES) as RemoteName[]).map((remote) => ({ name: REMOTES[remote], entry: config.remotes[remote] })),
  };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** webpack names hashed output `[name].[contenthash:10].js`; such a file never changes under its name. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

/** Hashed assets are cached for good; everything else (index.html, mf-manifest.json, remoteEntry.js) is revalidated. */
export function cacheControlFor(filePath: string): string {
  return HASHED_NAME.test(path.basename(filePath)) ? IMMUTABLE : REVALIDATE;
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

/** Serves the host build under /build/ and each remote's build under /build/remotes/<name>/, with SPA fallbacks. */
export async function webRoutes(app: FastifyInstance, { config }: { config: AppConfig }) {
  // One @fastify/static instance, used only for reply.sendFile: the routes below decide which folder answers.
  await app.register(fastifyStatic, {
    serve: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
  });

  const hostDist = path.join(config.webDistRoot, 'host', 'dist');
  const remoteDist = (remote: RemoteName) => path.join(config.webDistRoot, `remote-${remote}`, 'dist');

  async function serve(reply: FastifyReply, dist: string, label: string, requested: string) {
    if (!(await isDirectory(dist))) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(`The ${label} build is missing (${dist}).\nRun \`pnpm build\` at the repository root, then reload this page.\n`);
    }
    // Normalising against '/' drops any '..' so a request cannot leave the dist folder.
    const relative = path.posix.normalize(`/${requested}`).slice(1);
    if (relative !== '' && (await isFile(path.join(dist, relative)))) return reply.sendFile(relative, dist);
    // A path with an extension names a file that is not there; anything else is a client-side route (deep link).
    if (path.posix.extname(relative) !== '') return reply.callNotFound();
    return reply.sendFile('index.html', dist);
  }

  const web = app.withTypeProvider<ZodTypeProvider>();
  const hidden = { hide: true };

  web.get('/', { schema: hidden }, (_request, reply) => reply.redirect('/build/', 302));
  web.get('/build', { schema: hidden }, (_request, reply) => reply.redirect('/build/', 302));

  web.get(
    '/build/remotes.json',
    { schema: { tags: ['web'], summary: 'Where the host loads each remote from', response: { 200: remotesManifestSchema } } },
    (_request, reply) => {
      reply.header('cache-control', REVALIDATE);
      return remotesManifest(config);
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
    return serve(reply, hostDist, 'host', rest);
  });
}
