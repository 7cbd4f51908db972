import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  dataEnvelope,
  idParamSchema,
  listNotificationsQuerySchema,
  messageSchema,
  notificationSchema,
  paginated,
  unreadCountSchema,
} from '@crm/shared/schemas';
import { requireUser } from '../../plugins/auth';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['notifications'];
const lookupErrors = { 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors } as const;

/** The caller's own notifications: every signed-in user has them, and nobody reaches another user's. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.authenticate;

  app.get(
    '/notifications',
    {
      onRequest,
      schema: {
        tags,
        summary: "One page of the caller's notifications, unread first, then newest first",
        security: bearerSecurity,
        querystring: listNotificationsQuerySchema,
        response: { 200: paginated(notificationSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const { page, per_page: perPage } = request.query;
      const { data, total } = await app.notificationRepository.list(requireUser(request).id, page, perPage);
      return { data, meta: { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) } };
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      onRequest,
      schema: { tags, summary: 'How many notifications the caller has not read', security: bearerSecurity, response: { 200: dataEnvelope(unreadCountSchema), ...protectedErrors } },
    },
    async (request) => ({ data: { count: await app.notificationRepository.unreadCount(requireUser(request).id) } }),
  );

  app.post(
    '/notifications/read-all',
    {
      onRequest,
      schema: { tags, summary: "Mark all the caller's notifications read", security: bearerSecurity, response: { 200: dataEnvelope(unreadCountSchema), ...protectedErrors } },
    },
    async (request) => {
      await app.notificationRepository.markAllRead(requireUser(request).id);
      return { data: { count: 0 } };
    },
  );

  app.post(
    '/notifications/:id/read',
    {
      onRequest,
      schema: { tags, summary: 'Mark one notification read', security: bearerSecurity, params: idParamSchema, response: { 200: dataEnvelope(notificationSchema), ...lookupErrors } },
    },
    async (request) => ({ data: await app.notificationRepository.markRead(requireUser(request).id, request.params.id) }),
  );

  app.delete(
    '/notifications/:id',
    {
      onRequest,
      schema: { tags, summary: 'Delete one notification', security: bearerSecurity, params: idParamSchema, response: { 200: messageSchema, ...lookupErrors } },
    },
    async (request) => {
      await app.notificationRepository.delete(requireUser(request).id, request.params.id);
      return { message: 'Уведомление удалено' };
    },
  );
};
