import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { monitoringConfigSchema } from '@crm/shared/monitoring';
import { dataEnvelope } from '@crm/shared/schemas';

export const monitoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sentry } = app.config;
  const data =
    sentry?.browserDsn
      ? {
          dsn: sentry.browserDsn,
          environment: sentry.environment,
          release: sentry.release ?? null,
          tracesSampleRate: sentry.tracesSampleRate,
          replaysSessionSampleRate: sentry.replaysSessionSampleRate,
          replaysOnErrorSampleRate: sentry.replaysOnErrorSampleRate,
        }
      : null;

  // Public: errors on the sign-in page are reported too. A DSN is meant to be seen by browsers.
  app.get(
    '/monitoring/config',
    {
      schema: {
        tags: ['monitoring'],
        summary: 'How the browser reports errors to Sentry (null when reporting is off)',
        response: { 200: dataEnvelope(z.nullable(monitoringConfigSchema)) },
      },
    },
    async () => ({ data }),
  );
};
