import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface GracefulShutdownOptions {
  /**
   * How long GET /api/ready answers 503 before the server stops accepting, so the proxy or the orchestrator takes the
   * instance out of rotation while it still serves (default 5 s: a few of their health-check intervals; 0 in tests).
   */
  drainMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    shutdown: {
      /** True once `drainAndClose` started: the readiness probe answers 503. */
      readonly draining: boolean;
      /** Fails readiness, waits `drainMs`, then closes the app (docs/decisions/050). */
      drainAndClose(): Promise<void>;
    };
  }
}

export const DEFAULT_DRAIN_MS = 5_000;

/**
 * Shutdown in the order a load balancer needs: readiness fails first while the instance still answers; then
 * `app.close()` stops accepting, answers 503 to new requests on open keep-alive connections (Fastify's
 * `return503OnClosing`), lets the requests in flight finish, and runs the preClose hooks: the job queue hands its
 * running jobs back (plugins/jobs.ts) and the realtime endpoint closes its sockets with 4200, "reconnect at once"
 * (plugins/realtime.ts).
 */
async function gracefulShutdownPlugin(app: FastifyInstance, options: GracefulShutdownOptions) {
  const drainMs = options.drainMs ?? DEFAULT_DRAIN_MS;
  let draining = false;
  let closing: Promise<void> | undefined;
  app.decorate('shutdown', {
    get draining() {
      return draining;
    },
    drainAndClose() {
      closing ??= (async () => {
        draining = true;
        if (drainMs > 0) await sleep(drainMs);
        await app.close();
      })();
      return closing;
    },
  });
}

export const gracefulShutdown = fp(gracefulShutdownPlugin, { name: 'graceful-shutdown' });
