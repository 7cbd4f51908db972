import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, dataEnvelope, idParamSchema, idSchema, leadCommentInputSchema, leadCommentSchema, messageSchema } from '@crm/shared/schemas';
import { bearerSecurity, protectedErrors } from '../route-schemas';
import { leadCaller, leadViewer } from './lead-viewer';

const tags = ['lead comments'];
const commentParamsSchema = idParamSchema.extend({ commentId: idSchema() });
const errors = { 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors } as const;

/** A lead's comment timeline. Anyone who may view the lead reads and comments; only a comment's author edits or deletes it. */
export const leadCommentRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.authorize('view', 'lead');

  app.get(
    '/leads/:id/comments',
    {
      onRequest,
      schema: {
        tags,
        summary: "A lead's comments, oldest first",
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: dataEnvelope(z.array(leadCommentSchema)), ...errors },
      },
    },
    async (request) => ({ data: await app.leadCommentRepository.list(request.params.id, leadViewer(request)) }),
  );

  app.post(
    '/leads/:id/comments',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Comment on a lead under a comment step (the body is sanitised HTML)',
        security: bearerSecurity,
        params: idParamSchema,
        body: leadCommentInputSchema,
        response: { 201: dataEnvelope(leadCommentSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await app.leadService.addLeadComment(leadCaller(request), request.params.id, request.body);
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/leads/:id/comments/:commentId',
    {
      onRequest,
      schema: {
        tags,
        summary: "Edit one's own comment",
        security: bearerSecurity,
        params: commentParamsSchema,
        body: leadCommentInputSchema,
        response: { 200: dataEnvelope(leadCommentSchema), ...errors },
      },
    },
    async (request) => ({
      data: await app.leadService.updateLeadComment(leadCaller(request), request.params.id, request.params.commentId, request.body),
    }),
  );

  app.delete(
    '/leads/:id/comments/:commentId',
    {
      onRequest,
      schema: {
        tags,
        summary: "Delete one's own comment",
        security: bearerSecurity,
        params: commentParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await app.leadService.deleteLeadComment(leadCaller(request), request.params.id, request.params.commentId);
      return { message: 'Комментарий удалён' };
    },
  );
};
