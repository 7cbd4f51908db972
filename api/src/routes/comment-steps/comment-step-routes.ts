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
import { notFound } from '../../errors/app-error';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['comment-steps'];
const snapshot = (step: { name: string; color: string; position: number; archived: boolean }) => ({
  name: step.name,
  color: step.color,
  position: step.position,
  archived: step.archived,
});

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
      const data = await repo.create(request.body);
      await app.audit.record(request, { action: 'comment_step.create', subjectType: 'comment_step', subjectId: data.id, after: snapshot(data) });
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
    async (request) => {
      const before = (await repo.list()).map((s) => s.id);
      const data = await repo.reorder(request.body.ids);
      await app.audit.record(request, { action: 'comment_step.reorder', subjectType: 'comment_step', before: { ids: before }, after: { ids: request.body.ids } });
      return { data };
    },
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
    async (request) => {
      const before = await repo.find(request.params.id);
      if (!before) throw notFound('Comment step not found');
      const data = await repo.update(request.params.id, request.body);
      await app.audit.record(request, {
        action: 'comment_step.update',
        subjectType: 'comment_step',
        subjectId: data.id,
        before: snapshot(before),
        after: snapshot(data),
      });
      return { data };
    },
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
      const before = await repo.find(request.params.id);
      if (!before) throw notFound('Comment step not found');
      await repo.delete(request.params.id);
      await app.audit.record(request, { action: 'comment_step.delete', subjectType: 'comment_step', subjectId: before.id, before: snapshot(before) });
      return { message: 'Comment step deleted.' };
    },
  );
};
