import type { FastifyRequest } from 'fastify';
import { redactUrl } from './redact-url';

/**
 * Fastify's own `req` log serializer (lib/logger-pino.js) with the URL's secrets redacted: every request line would
 * otherwise carry reset links' tokens and addresses and signed file URLs' signatures whole.
 */
export function serializeRequest(request: FastifyRequest) {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
