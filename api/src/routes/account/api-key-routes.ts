import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, apiKeySchema, apiKeyWithSecretSchema, createApiKeyInputSchema, dataEnvelope, idParamSchema, messageSchema } from '@crm/shared/schemas';
import { requireUser } from '../../plugins/auth';
import { requestActor } from '../request-actor';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['account'];

/**
 * The caller's own API keys (docs/decisions/072), behind `manage api-keys`. No key may call these: a key that could
 * mint keys would outlive its own expiry and revocation.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.authorize('manage', 'api-keys');
  const config = { apiKeys: 'refused' } as const;

  app.get(
    '/me/api-keys',
    {
      onRequest: guard,
      config,
      schema: {
        tags,
        summary: 'My API keys that are neither revoked nor expired (never the keys themselves)',
        security: bearerSecurity,
        response: { 200: dataEnvelope(z.array(apiKeySchema)), ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.apiKeyRepository.listOwn(requireUser(request).id) }),
  );

  app.post(
    '/me/api-keys',
    {
      onRequest: guard,
      config,
      schema: {
        tags,
        summary: 'Create an API key; the answer carries the key, the only time it is shown',
        description: 'Each scope must be an ability the caller holds now (422 on scopes.N otherwise). Send the key as `Authorization: Bearer crm_…`.',
        security: bearerSecurity,
        body: createApiKeyInputSchema,
        response: { 201: dataEnvelope(apiKeyWithSecretSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const created = await app.apiKeyService.createApiKey(requestActor(request), requireUser(request).rules, request.body);
      return reply.code(201).send({ data: created });
    },
  );

  app.delete(
    '/me/api-keys/:id',
    {
      onRequest: guard,
      config,
      schema: {
        tags,
        summary: 'Revoke one of my API keys: it stops working at once',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: messageSchema, 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      await app.apiKeyService.revokeApiKey(requestActor(request), request.params.id);
      return { message: 'API-ключ отозван' };
    },
  );
};
