import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';

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

/**
 * The Content Security Policy of every answer (docs/decisions/010-security-headers.md). Scripts only from this server
 * and the remotes' origins, never inline; styles may be inline because styled-components injects <style> tags; images
 * from this server, data: and blob: URLs (editor previews) and the file storage; connections to this server, the
 * remotes (their mf-manifest.json) and the realtime service; frames only the video embeds of the editor and the
 * document preview (this server's signed file URLs, the Office web viewer); nobody may frame the app.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'remotes' | 'csp' | 'appUrl'>): Record<string, string[]> {
  const remotes = remoteOrigins(config);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes, ...config.csp.imgOrigins],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes, ...config.csp.connectOrigins],
    'frame-src': [...PREVIEW_FRAME_ORIGINS, ...EMBED_ORIGINS],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  // Over plain HTTP (a developer's localhost) upgrading would break every request.
  if (config.appUrl.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Answers under /api that set no caching themselves: data of a signed-in user stays out of every cache. */
const API_PREFIX = '/api/';

async function securityHeadersPlugin(app: FastifyInstance) {
  const { config } = app;
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
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

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(API_PREFIX) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
