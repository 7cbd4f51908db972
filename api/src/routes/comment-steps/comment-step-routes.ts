import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  commentStepSchema,
  createCommentStepInputSchema,
  dataEnvelope,
  idParamSchema,
  messageSchema,
} from '@crm/shared/schemas';
import { bearerSecurity, protectedErrors } from '../route-schemas';

export const commentStepRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/comment-steps',
    {
      onRequest: app.authorize('view', 'step'),
      schema: {
        tags: ['comment-steps'],
        summary: 'Comment steps in their order',
        security: bearerSecurity,
        response: { 200: dataEnvelope(z.array(commentStepSchema)), ...protectedErrors },
      },
    },
    async () => ({ data: await app.commentStepRepository.list() }),
  );

  app.post(
    '/comment-steps',
    {
      onRequest: app.authorize('create', 'step'),
      schema: {
        tags: ['comment-steps'],
        summary: 'Add a comment step at the end',
        security: bearerSecurity,
        body: createCommentStepInputSchema,
        response: { 201: dataEnvelope(commentStepSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const data = await app.commentStepRepository.create(request.body);
      return reply.code(201).send({ data });
    },
  );

  app.delete(
    '/comment-steps/:id',
    {
      onRequest: app.authorize('delete', 'step'),
      schema: {
        tags: ['comment-steps'],
        summary: 'Delete a comment step',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: messageSchema, 404: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      await app.commentStepRepository.delete(request.params.id);
      return { message: 'Comment step deleted.' };
    },
  );
};
