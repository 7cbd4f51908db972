import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createDocumentCategoryInputSchema,
  dataEnvelope,
  documentCategorySchema,
  idParamSchema,
  messageSchema,
} from '@crm/shared/schemas';
import { bearerSecurity, protectedErrors } from '../route-schemas';

export const documentCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/document-category',
    {
      onRequest: app.authorize('view', 'document-category'),
      schema: {
        tags: ['document-category'],
        summary: 'Document categories by title',
        security: bearerSecurity,
        response: { 200: dataEnvelope(z.array(documentCategorySchema)), ...protectedErrors },
      },
    },
    async () => ({ data: await app.documentCategoryRepository.list() }),
  );

  app.post(
    '/document-category',
    {
      onRequest: app.authorize('create', 'document-category'),
      schema: {
        tags: ['document-category'],
        summary: 'Add a document category',
        security: bearerSecurity,
        body: createDocumentCategoryInputSchema,
        response: { 201: dataEnvelope(documentCategorySchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const data = await app.documentCategoryRepository.create(request.body);
      return reply.code(201).send({ data });
    },
  );

  app.delete(
    '/document-category/:id',
    {
      onRequest: app.authorize('delete', 'document-category'),
      schema: {
        tags: ['document-category'],
        summary: 'Delete a document category',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: messageSchema, 404: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      await app.documentCategoryRepository.delete(request.params.id);
      return { message: 'Document category deleted.' };
    },
  );
};
