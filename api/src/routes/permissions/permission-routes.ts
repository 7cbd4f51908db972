import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, permissionSchema } from '@crm/shared/schemas';
import { bearerSecurity, protectedErrors } from '../route-schemas';

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/permissions',
    {
      onRequest: app.authorize('view', 'permissions'),
      schema: {
        tags: ['permissions'],
        summary: 'Every action+subject pair a role can be granted',
        security: bearerSecurity,
        response: { 200: dataEnvelope(z.array(permissionSchema)), ...protectedErrors },
      },
    },
    async () => ({ data: await app.roleRepository.listPermissions() }),
  );
};
