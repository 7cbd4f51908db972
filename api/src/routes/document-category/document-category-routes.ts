import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createDocumentCategoryInputSchema,
  dataEnvelope,
  deleteDocumentCategoryQuerySchema,
  documentCategorySchema,
  idParamSchema,
  messageSchema,
  reorderDocumentCategoriesInputSchema,
  updateDocumentCategoryInputSchema,
} from '@crm/shared/schemas';
import { requestActor } from '../request-actor';
import { bearerSecurity, protectedErrors } from '../route-schemas';

export const documentCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/document-category',
    {
      onRequest: app.authorize('view', 'document-category'),
      schema: {
        tags: ['document-category'],
        summary: 'Document categories in their order, with the number of documents in each',
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

  app.post(
    '/document-category/reorder',
    {
      onRequest: app.authorize('edit', 'document-category'),
      schema: {
        tags: ['document-category'],
        summary: 'Put the categories in a new order (every id, once)',
        security: bearerSecurity,
        body: reorderDocumentCategoriesInputSchema,
        response: { 200: dataEnvelope(z.array(documentCategorySchema)), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.documentCategoryRepository.reorder(request.body.ids) }),
  );

  app.put(
    '/document-category/:id',
    {
      onRequest: app.authorize('edit', 'document-category'),
      schema: {
        tags: ['document-category'],
        summary: 'Rename a document category',
        security: bearerSecurity,
        params: idParamSchema,
        body: updateDocumentCategoryInputSchema,
        response: { 200: dataEnvelope(documentCategorySchema), 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.documentCategoryRepository.rename(request.params.id, request.body.title) }),
  );

  app.delete(
    '/document-category/:id',
    {
      onRequest: app.authorize('delete', 'document-category'),
      schema: {
        tags: ['document-category'],
        summary: 'Delete a document category; its documents move to move_to, or the answer is 409 CATEGORY_IN_USE',
        security: bearerSecurity,
        params: idParamSchema,
        querystring: deleteDocumentCategoryQuerySchema,
        response: { 200: messageSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      await app.documentCategoryService.deleteDocumentCategory(requestActor(request), request.params.id, request.query.move_to);
      return { message: 'Document category deleted.' };
    },
  );
};
