import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { buildAllowList, isAllowed } from '../lib/ip-allow-list';

/**
 * A proxy that TRUSTED_PROXIES does not name makes every client look like the proxy: one address for everyone, so
 * ten wrong passwords lock an account for all of them, and the allow-list and the audit log see only the proxy. The
 * first request that shows it logs one warning, so the operator reads it at start rather than after a lock-out.
 */
async function forwardedForWarningPlugin(app: FastifyInstance) {
  const { trustProxy } = app.config;
  // `true` believes the header from every peer: nothing to warn about.
  if (trustProxy === true) return;
  const trusted = buildAllowList(trustProxy === false ? [] : trustProxy);
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      const peer = request.socket.remoteAddress ?? 'unknown';
      if (!isAllowed(trusted, peer)) {
        warned = true;
        app.log.warn(
          { peer },
          'A request carries X-Forwarded-For from a peer that TRUSTED_PROXIES does not name: the header is ignored, and if ' +
            'this peer is your proxy every user shares its address (sign-in limits, the IP allow-list, the audit log). ' +
            'List the proxy in TRUSTED_PROXIES.',
        );
      }
    }
    done();
  });
}

export const forwardedForWarning = fp(forwardedForWarningPlugin, { name: 'forwarded-for-warning' });
