import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  commentStepSchema,
  createCommentStepInputSchema,
  dataEnvelope,
  idParamSchema,
  messageSchema,
  reorderCommentStepsInputSchema,
  updateCommentStepInputSchema,
} from '@crm/shared/schemas';
import { requestActor } from '../request-actor';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['comment-steps'];

export const commentStepRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.commentStepRepository;

  app.get(
    '/comment-steps',
    {
      onRequest: app.authorize('view', 'step'),
      schema: {
        tags,
        summary: 'Comment steps in their order, archived ones included (flagged)',
        security: bearerSecurity,
        response: { 200: dataEnvelope(z.array(commentStepSchema)), ...protectedErrors },
      },
    },
    async () => ({ data: await repo.list() }),
  );

  app.post(
    '/comment-steps',
    {
      onRequest: app.authorize('create', 'step'),
      schema: {
        tags,
        summary: 'Add a comment step at the end',
        security: bearerSecurity,
        body: createCommentStepInputSchema,
        response: { 201: dataEnvelope(commentStepSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const data = await app.commentStepService.createCommentStep(requestActor(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/comment-steps/order',
    {
      onRequest: app.authorize('edit', 'step'),
      schema: {
        tags,
        summary: 'Reorder: every step id in the new order',
        security: bearerSecurity,
        body: reorderCommentStepsInputSchema,
        response: { 200: dataEnvelope(z.array(commentStepSchema)), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.commentStepService.reorderCommentSteps(requestActor(request), request.body.ids) }),
  );

  app.patch(
    '/comment-steps/:id',
    {
      onRequest: app.authorize('edit', 'step'),
      schema: {
        tags,
        summary: 'Rename, recolour, archive or restore a step',
        security: bearerSecurity,
        params: idParamSchema,
        body: updateCommentStepInputSchema,
        response: { 200: dataEnvelope(commentStepSchema), 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.commentStepService.updateCommentStep(requestActor(request), request.params.id, request.body) }),
  );

  app.delete(
    '/comment-steps/:id',
    {
      onRequest: app.authorize('delete', 'step'),
      schema: {
        tags,
        summary: 'Delete a step no comment uses (409 STEP_IN_USE otherwise: archive it instead)',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: messageSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      await app.commentStepService.deleteCommentStep(requestActor(request), request.params.id);
      return { message: 'Comment step deleted.' };
    },
  );
};
