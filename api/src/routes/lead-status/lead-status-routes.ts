import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createLeadStatusInputSchema,
  dataEnvelope,
  deleteLeadStatusQuerySchema,
  idParamSchema,
  leadStatusSchema,
  messageSchema,
  reorderLeadStatusesInputSchema,
  updateLeadStatusInputSchema,
} from '@crm/shared/schemas';
import { requestActor } from '../request-actor';
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

  app.put(
    '/lead-status/:id',
    {
      onRequest: app.authorize('edit', 'lead-status'),
      schema: {
        tags: ['lead-status'],
        summary: 'Rename or recolour a lead status',
        security: bearerSecurity,
        params: idParamSchema,
        body: updateLeadStatusInputSchema,
        response: { 200: dataEnvelope(leadStatusSchema), 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.leadStatusRepository.update(request.params.id, request.body) }),
  );

  app.post(
    '/lead-status/reorder',
    {
      onRequest: app.authorize('edit', 'lead-status'),
      schema: {
        tags: ['lead-status'],
        summary: 'Put the statuses in a new order (every id, once)',
        security: bearerSecurity,
        body: reorderLeadStatusesInputSchema,
        response: { 200: dataEnvelope(z.array(leadStatusSchema)), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.leadStatusRepository.reorder(request.body.ids) }),
  );

  app.delete(
    '/lead-status/:id/delete',
    {
      onRequest: app.authorize('delete', 'lead-status'),
      schema: {
        tags: ['lead-status'],
        summary: 'Delete a lead status; leads using it move to replacement_id, or the answer is 409 STATUS_IN_USE',
        security: bearerSecurity,
        params: idParamSchema,
        querystring: deleteLeadStatusQuerySchema,
        response: { 200: messageSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      await app.leadStatusService.deleteLeadStatus(requestActor(request), request.params.id, request.query.replacement_id);
      return { message: 'Lead status deleted.' };
    },
  );
};
