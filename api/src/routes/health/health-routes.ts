import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@crm/shared/schemas';
import { AppError } from '../../errors/app-error';

const statusSchema = z.object({ status: z.string() });
/** Load balancers probe from any address, and the answers say nothing about the data. */
const probe = { openToEveryAddress: 'probe' } as const;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { logLevel: 'warn', config: probe, schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: statusSchema } } },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/ready',
    {
      logLevel: 'warn',
      config: probe,
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and the instance is not shutting down',
        response: { 200: statusSchema, 503: apiErrorSchema },
      },
    },
    async () => {
      // First thing on SIGTERM (plugins/graceful-shutdown.ts): the proxy stops sending while requests in flight finish.
      if (app.shutdown.draining) throw new AppError('SERVICE_UNAVAILABLE', 'This instance is shutting down.');
      if (!(await app.healthRepository.databaseAnswers())) throw new AppError('SERVICE_UNAVAILABLE', 'The database does not answer.');
      return { status: 'ready' };
    },
  );
};
