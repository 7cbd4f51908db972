import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { openToEveryAddress } from '../lib/route-reach';
import { findPackageRoot } from '../package-root';

/** The only embeds the editor makes (shared/src/editor/utils/parse-video-url.ts; the sanitiser allows the same). */
export const EMBED_ORIGINS = ['https://www.youtube.com', 'https://player.vimeo.com'];
/** The document preview's frames: PDFs from this server, Office files through the Microsoft web viewer. */
export const PREVIEW_FRAME_ORIGINS = ["'self'", 'https://view.officeapps.live.com'];

/** Origins of the remotes configured as full URLs (REMOTE_*_URL); a path means this server. */
export function remoteOrigins(config: Pick<AppConfig, 'remotes'>): string[] {
  const origins = new Set<string>();
  for (const entry of Object.values(config.remotes)) {
    if (!entry.startsWith('/')) origins.add(new URL(entry).origin);
  }
  return [...origins];
}

let prepaintHash: string | null | undefined;

/**
 * The CSP source of the one inline script the app pages carry: the pre-paint script (tooling/prepaint.js, inlined
 * byte for byte by the build) that applies the stored theme and language before the first paint
 * (docs/decisions/039). Null when the file is not there (an API deployed without the web builds).
 */
export function prepaintScriptSource(): string | null {
  if (prepaintHash === undefined) {
    try {
      // Trimmed, as the build inlines it (an HTML minifier would drop the final newline anyway).
      const script = readFileSync(path.join(path.dirname(findPackageRoot()), 'tooling', 'prepaint.js'), 'utf8').trim();
      prepaintHash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    } catch {
      prepaintHash = null;
    }
  }
  return prepaintHash;
}

/**
 * The Content Security Policy of every answer (docs/decisions/010-security-headers.md). Scripts only from this server
 * and the remotes' origins, never inline except the pre-paint script allowed by its hash; styles may be inline because styled-components injects <style> tags; images
 * from this server, data: and blob: URLs (editor previews) and the file storage; connections to this server, the
 * remotes (their mf-manifest.json) and the realtime service; frames only the video embeds of the editor and the
 * document preview (this server's signed file URLs, the Office web viewer); nobody may frame the app.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'remotes' | 'csp' | 'appUrl' | 'sentry'>): Record<string, string[]> {
  const remotes = remoteOrigins(config);
  const prepaint = prepaintScriptSource();
  // Browsers post error reports to the DSN's origin; Session Replay compresses in a worker started from a blob: URL.
  const sentryOrigins = config.sentry?.browserDsn ? [new URL(config.sentry.browserDsn).origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...(prepaint ? [prepaint] : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes, ...config.csp.imgOrigins],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes, ...config.csp.connectOrigins, ...sentryOrigins],
    'frame-src': [...PREVIEW_FRAME_ORIGINS, ...EMBED_ORIGINS],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  if (sentryOrigins.length > 0) directives['worker-src'] = ["'self'", 'blob:', ...remotes];
  // Over plain HTTP (a developer's localhost) upgrading would break every request.
  if (config.appUrl.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The directives a remote's origin is added to (as `contentSecurityPolicy` adds the configured ones). */
const REMOTE_DIRECTIVES = ['script-src', 'style-src', 'img-src', 'font-src', 'connect-src', 'worker-src'];

async function securityHeadersPlugin(app: FastifyInstance) {
  const { config } = app;
  const configured = new Set(remoteOrigins(config));
  // A remote switched through the API to another origin (docs/decisions/052) is allowed from the next answer on,
  // without a restart: the registry's entries as last loaded, read per answer.
  const switchedOrigins = () =>
    app.hasDecorator('remoteRegistry')
      ? remoteOrigins({ remotes: app.remoteRegistry.lastEntries() })
          .filter((origin) => !configured.has(origin))
          .join(' ')
      : '';
  const directives = Object.fromEntries(
    Object.entries(contentSecurityPolicy(config)).map(([name, values]) => [name, REMOTE_DIRECTIVES.includes(name) ? [...values, switchedOrigins] : values]),
  );
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    // Cross-origin windows (a page that opened the app, or that it opened) get no handle on it.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // COEP would block the YouTube and Vimeo embeds, which send no CORP header.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // The origin only, and only over HTTPS; YouTube refuses embeds that send no referrer at all.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: config.appUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  // Every answer but the front-end files' that sets no caching itself: data of a signed-in user stays out of every
  // cache. Keyed on the matched route, never the raw URL (docs/decisions/044).
  app.addHook('onSend', async (request, reply) => {
    if (openToEveryAddress(request) !== 'web-asset' && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
