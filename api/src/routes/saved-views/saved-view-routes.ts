import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  apiErrorSchema,
  createSavedViewInputSchema,
  dataEnvelope,
  idParamSchema,
  messageSchema,
  savedViewSchema,
  updateSavedViewInputSchema,
} from '@crm/shared/schemas';
import { notFound } from '../../errors/app-error';
import { requireUser } from '../../plugins/auth';
import type { SavedViewCaller } from '../../services/saved-view-service';
import { requestActor } from '../request-actor';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['saved-views'];
const errors = { 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors } as const;

/** The caller with what their abilities allow them to do with views they share. */
function viewCaller(request: FastifyRequest): SavedViewCaller {
  requireUser(request);
  return { actor: requestActor(request), canShare: request.ability?.can('manage', 'saved-views') ?? false, anyTeam: request.ability?.can('edit', 'team') ?? false };
}

/**
 * Saved views of the leads list (docs/decisions/077): whoever may view leads keeps personal views and opens the views
 * shared with their teams or everyone; sharing needs `manage saved-views`; only the owner changes or deletes a view.
 * A view is a query, not a grant: opened, it lists the caller's own scope's leads.
 */
export const savedViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.authorize('view', 'lead');
  const repo = app.savedViewRepository;

  app.get(
    '/saved-views',
    {
      onRequest,
      schema: {
        tags,
        summary: "The caller's views (in their order), then those shared with their teams or everyone (by name)",
        security: bearerSecurity,
        response: { 200: dataEnvelope(z.array(savedViewSchema)), ...protectedErrors },
      },
    },
    async (request) => ({ data: await repo.list(requireUser(request).id) }),
  );

  app.get(
    '/saved-views/:id',
    { onRequest, schema: { tags, summary: 'One view the caller may open', security: bearerSecurity, params: idParamSchema, response: { 200: dataEnvelope(savedViewSchema), ...errors } } },
    async (request) => {
      const view = await repo.findVisible(request.params.id, requireUser(request).id);
      if (!view) throw notFound('Вид не найден');
      return { data: view };
    },
  );

  app.post(
    '/saved-views',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Save the list state as a named view; team or everyone needs manage saved-views (403), team a team the caller is in (422)',
        security: bearerSecurity,
        body: createSavedViewInputSchema,
        response: { 201: dataEnvelope(savedViewSchema), ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await app.savedViewService.createView(viewCaller(request), request.body) }),
  );

  app.patch(
    '/saved-views/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: "Rename, change, share or move one's own view, with the version read (409 when stale; 403 for another's view)",
        security: bearerSecurity,
        params: idParamSchema,
        body: updateSavedViewInputSchema,
        response: { 200: dataEnvelope(savedViewSchema), ...errors },
      },
    },
    async (request) => ({ data: await app.savedViewService.updateView(viewCaller(request), request.params.id, request.body) }),
  );

  app.delete(
    '/saved-views/:id',
    { onRequest, schema: { tags, summary: "Delete one's own view", security: bearerSecurity, params: idParamSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      await app.savedViewService.deleteView(viewCaller(request), request.params.id);
      return { message: 'Вид удалён' };
    },
  );
};
