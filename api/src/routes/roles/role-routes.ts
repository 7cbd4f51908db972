import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, roleSchema } from '@crm/shared/schemas';
import { bearerSecurity, protectedErrors } from '../route-schemas';

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/roles',
    {
      onRequest: app.authorize('view', 'roles'),
      schema: {
        tags: ['roles'],
        summary: 'Roles with their rules and how many users hold them',
        security: bearerSecurity,
        response: { 200: dataEnvelope(z.array(roleSchema)), ...protectedErrors },
      },
    },
    async () => ({ data: await app.roleRepository.listRoles() }),
  );
};
