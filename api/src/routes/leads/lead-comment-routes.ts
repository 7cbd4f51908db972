import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, dataEnvelope, idParamSchema, idSchema, leadCommentInputSchema, leadCommentSchema, messageSchema } from '@crm/shared/schemas';
import { bearerSecurity, protectedErrors } from '../route-schemas';
import { changedBy, leadName } from './lead-broadcasts';
import { leadViewer } from './lead-viewer';

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
      const viewer = leadViewer(request);
      // The comment and whom it notifies, read under the lead's lock (decision 036: no second read of the lead).
      const { comment: data, lead } = await app.leadCommentRepository.createNotifying(request.params.id, request.body, viewer);
      const by = changedBy(request);
      void app.broadcasts.leads('comment-added', [request.params.id], { by });
      await app.broadcasts.notify(
        lead.users.filter((id) => id !== by.id),
        { type: 'lead-comment', title: 'Новый комментарий к лиду', body: `${leadName(lead)} — ${by.name}`, link: `/leads/${lead.id}` },
      );
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
      data: await app.leadCommentRepository.update(request.params.id, request.params.commentId, request.body, leadViewer(request)),
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
      await app.leadCommentRepository.delete(request.params.id, request.params.commentId, leadViewer(request));
      return { message: 'Комментарий удалён' };
    },
  );
};
