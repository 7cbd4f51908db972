import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, userSchema } from '@crm/shared/schemas';
import { bearerSecurity, protectedErrors } from '../route-schemas';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      onRequest: app.authorize('view', 'users'),
      schema: {
        tags: ['users'],
        summary: 'Every user, for pickers and the share dialog',
        security: bearerSecurity,
        response: { 200: dataEnvelope(z.array(userSchema)), ...protectedErrors },
      },
    },
    async () => ({ data: await app.userRepository.list() }),
  );
};
