import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, auditEntrySchema, auditLogQuerySchema, paginated } from '@crm/shared/schemas';
import { bearerSecurity, protectedErrors } from '../route-schemas';

export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-log',
    {
      onRequest: app.authorize('view', 'audit'),
      schema: {
        tags: ['audit-log'],
        summary: 'The audit log, newest first, filtered by actor, action and date range',
        security: bearerSecurity,
        querystring: auditLogQuerySchema,
        response: { 200: paginated(auditEntrySchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => app.audit.list(request.query as Parameters<typeof app.audit.list>[0]),
  );
};
