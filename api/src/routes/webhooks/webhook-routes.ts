import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createWebhookInputSchema,
  dataEnvelope,
  idParamSchema,
  messageSchema,
  updateWebhookInputSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@crm/shared/schemas';
import { notFound } from '../../errors/app-error';
import { requestActor } from '../request-actor';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['webhooks'];
const lookupErrors = { 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors } as const;

/** Outgoing webhooks (docs/decisions/070): registered, changed, tried and their deliveries read with `manage webhooks`. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.authorize('manage', 'webhooks');
  const repo = app.webhookRepository;

  app.get(
    '/webhooks',
    { onRequest: guard, schema: { tags, summary: 'The registered webhooks (never their secrets)', security: bearerSecurity, response: { 200: dataEnvelope(z.array(webhookSchema)), ...protectedErrors } } },
    async () => ({ data: await repo.list() }),
  );

  app.post(
    '/webhooks',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Register a webhook; the answer carries its secret, the only time it is shown (drawn when none is given)',
        description: 'The URL must resolve to public addresses only unless WEBHOOK_ALLOW_PRIVATE=true (422 on url otherwise).',
        security: bearerSecurity,
        body: createWebhookInputSchema,
        response: { 201: dataEnvelope(webhookWithSecretSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await app.webhookService.createWebhook(requestActor(request), request.body) }),
  );

  app.get(
    '/webhooks/:id',
    { onRequest: guard, schema: { tags, summary: 'One webhook', security: bearerSecurity, params: idParamSchema, response: { 200: dataEnvelope(webhookSchema), ...lookupErrors } } },
    async (request) => {
      const hook = await repo.find(request.params.id);
      if (!hook) throw notFound('Вебхук не найден');
      return { data: hook };
    },
  );

  app.patch(
    '/webhooks/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Change a webhook; rotate_secret (or a new secret) answers the new secret once; turning it on clears its failures',
        security: bearerSecurity,
        params: idParamSchema,
        body: updateWebhookInputSchema,
        response: { 200: dataEnvelope(z.union([webhookWithSecretSchema, webhookSchema])), ...lookupErrors },
      },
    },
    async (request) => ({ data: await app.webhookService.updateWebhook(requestActor(request), request.params.id, request.body) }),
  );

  app.delete(
    '/webhooks/:id',
    { onRequest: guard, schema: { tags, summary: 'Delete a webhook and its delivery log', security: bearerSecurity, params: idParamSchema, response: { 200: messageSchema, ...lookupErrors } } },
    async (request) => {
      await app.webhookService.deleteWebhook(requestActor(request), request.params.id);
      return { message: 'Вебхук удалён' };
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Send a signed webhook.test delivery now and answer the logged attempt (status, duration, error)',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: dataEnvelope(webhookDeliverySchema), ...lookupErrors },
      },
    },
    async (request) => ({ data: await app.webhookService.sendTest(requestActor(request), request.params.id) }),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'The delivery log: the newest attempts first (the newest 200 are kept)',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: dataEnvelope(z.array(webhookDeliverySchema)), ...lookupErrors },
      },
    },
    async (request) => {
      if (!(await repo.find(request.params.id))) throw notFound('Вебхук не найден');
      return { data: await repo.deliveries(request.params.id) };
    },
  );
};
