import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NO_PERSONAL_DATA, scrubEvent } from '@crm/shared/monitoring';

export interface ErrorReporter {
  /** Sends an unexpected error to Sentry, tagged with the route (its pattern, never the URL with ids or a query). */
  capture(error: unknown, request?: FastifyRequest): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    errorReporter: ErrorReporter;
  }
}

const OFF: ErrorReporter = { capture: () => {} };

/**
 * Reports unexpected (5xx) errors to Sentry when SENTRY_DSN is set (docs/decisions/043). The SDK is imported only
 * then, and gets a client of its own rather than the global one, with no automatic integrations: it sees only the
 * errors handed to it, with the route, the method and the user's id; `beforeSend` scrubs the rest as a safeguard.
 */
async function errorReportingPlugin(app: FastifyInstance) {
  const sentry = app.config.sentry;
  if (!sentry?.dsn) {
    app.decorate('errorReporter', OFF);
    return;
  }
  const { NodeClient, Scope, defaultStackParser, makeNodeTransport, linkedErrorsIntegration } = await import('@sentry/node');
  const client = new NodeClient({
    dsn: sentry.dsn,
    environment: sentry.environment,
    release: sentry.release,
    dataCollection: NO_PERSONAL_DATA,
    // The SDK's defaults would read request bodies, cookies and headers; only the error's `cause` chain is wanted.
    integrations: [linkedErrorsIntegration()],
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    beforeSend: (event) => scrubEvent(event),
  });
  client.init();
  const base = new Scope();
  base.setClient(client);

  app.decorate('errorReporter', {
    capture(error, request) {
      const scope = base.clone();
      if (request) {
        const route = request.routeOptions.url ?? 'unknown';
        scope.setTag('route', route);
        scope.setTag('method', request.method);
        scope.setContext('request', { method: request.method, route });
        if (request.user) scope.setUser({ id: request.user.id });
      }
      scope.captureException(error);
    },
  } satisfies ErrorReporter);

  // What is still queued goes out before the process ends.
  app.addHook('onClose', async () => {
    await client.close(2000);
  });
}

export const errorReporting = fp(errorReportingPlugin, { name: 'error-reporting' });
