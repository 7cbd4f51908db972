import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createLeadStatusInputSchema,
  dataEnvelope,
  idParamSchema,
  leadStatusSchema,
  messageSchema,
} from '@crm/shared/schemas';
import { bearerSecurity, protectedErrors } from '../route-schemas';

export const leadStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/lead-status',
    {
      onRequest: app.authorize('view', 'lead-status'),
      schema: {
        tags: ['lead-status'],
        summary: 'Lead statuses in their display order',
        security: bearerSecurity,
        response: { 200: dataEnvelope(z.array(leadStatusSchema)), ...protectedErrors },
      },
    },
    async () => ({ data: await app.leadStatusRepository.list() }),
  );

  app.post(
    '/lead-status',
    {
      onRequest: app.authorize('create', 'lead-status'),
      schema: {
        tags: ['lead-status'],
        summary: 'Add a lead status at the end of the list',
        security: bearerSecurity,
        body: createLeadStatusInputSchema,
        response: { 201: dataEnvelope(leadStatusSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const data = await app.leadStatusRepository.create(request.body);
      return reply.code(201).send({ data });
    },
  );

  app.delete(
    '/lead-status/:id/delete',
    {
      onRequest: app.authorize('delete', 'lead-status'),
      schema: {
        tags: ['lead-status'],
        summary: 'Delete a lead status no lead uses',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: messageSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      await app.leadStatusRepository.delete(request.params.id);
      return { message: 'Lead status deleted.' };
    },
  );
};
