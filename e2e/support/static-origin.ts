import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

/** What a route of the server answers instead of a file: a status and a body (a broken manifest, say). */
export interface StaticAnswer {
  status: number;
  body: string;
  type?: string;
}

export interface StaticOrigin {
  /** `http://127.0.0.1:<port>`: another origin than the app's. */
  origin: string;
  /** The paths asked for so far, in order. */
  requests: () => string[];
  close: () => Promise<void>;
}

export interface StaticOriginOptions {
  /** URL prefix → folder: `{ '/leads/': 'remote-leads/dist' }`. */
  mounts: Record<string, string>;
  /** Answers a path before any folder does (a manifest rewritten, a 404, a page that is not JSON). */
  answer?: (pathname: string, read: (file: string) => Promise<string | null>) => Promise<StaticAnswer | null> | StaticAnswer | null;
}

/**
 * A tiny static server on another port, as a CDN or another team's static host would serve a remote's build: CORS open
 * (the host fetches the manifest and loads the scripts cross-origin), no caching, 404 for anything else.
 */
export async function startStaticOrigin({ mounts, answer }: StaticOriginOptions): Promise<StaticOrigin> {
  const seen: string[] = [];
  const fileFor = (pathname: string): string | null => {
    for (const [prefix, folder] of Object.entries(mounts)) {
      if (!pathname.startsWith(prefix)) continue;
      // Normalising against '/' keeps a request inside its folder.
      const relative = path.posix.normalize(`/${decodeURIComponent(pathname.slice(prefix.length))}`).slice(1);
      return path.join(folder, relative);
    }
    return null;
  };
  const read = async (pathname: string) => {
    const file = fileFor(pathname);
    if (!file) return null;
    try {
      return await readFile(file, 'utf8');
    } catch {
      return null;
    }
  };
  const server = createServer((request: IncomingMessage, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    seen.push(pathname);
    const headers = {
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'cache-control': 'no-store',
    };
    const send = (status: number, body: string | Buffer, type = 'text/plain; charset=utf-8') => {
      response.writeHead(status, { ...headers, 'content-type': type });
      response.end(body);
    };
    void (async () => {
      const answered = await answer?.(pathname, read);
      if (answered) return send(answered.status, answered.body, answered.type);
      const file = fileFor(pathname);
      if (file && (await stat(file).then((s) => s.isFile(), () => false))) {
        return send(200, await readFile(file), TYPES[path.extname(file)] ?? 'application/octet-stream');
      }
      return send(404, 'Not found');
    })().catch((error: unknown) => send(500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests: () => [...seen],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
