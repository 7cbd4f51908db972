import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  createTeamInputSchema,
  dataEnvelope,
  idParamSchema,
  messageSchema,
  paginated,
  teamQuerySchema,
  teamSchema,
  updateTeamInputSchema,
} from '@crm/shared/schemas';
import { requestActor } from '../request-actor';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['teams'];

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/teams',
    {
      onRequest: app.authorize('view', 'team'),
      schema: {
        tags,
        summary: 'Teams with lead, member avatars and counts; search by name',
        security: bearerSecurity,
        querystring: teamQuerySchema,
        response: { 200: paginated(teamSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => app.teamRepository.list(request.query),
  );

  app.get(
    '/teams/:id',
    {
      onRequest: app.authorize('view', 'team'),
      schema: {
        tags,
        summary: 'One team (the edit form)',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: dataEnvelope(teamSchema), 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.teamRepository.find(request.params.id) }),
  );

  app.post(
    '/teams',
    {
      onRequest: app.authorize('create', 'team'),
      schema: {
        tags,
        summary: 'Create a team; its members see each other’s leads under the "team" scope at once',
        security: bearerSecurity,
        body: createTeamInputSchema,
        response: { 201: dataEnvelope(teamSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const data = await app.teamService.createTeam(requestActor(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/teams/:id',
    {
      onRequest: app.authorize('edit', 'team'),
      schema: {
        tags,
        summary: 'Edit a team over the version it was read at',
        security: bearerSecurity,
        params: idParamSchema,
        body: updateTeamInputSchema,
        response: { 200: dataEnvelope(teamSchema), 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.teamService.updateTeam(requestActor(request), request.params.id, request.body) }),
  );

  app.delete(
    '/teams/:id',
    {
      onRequest: app.authorize('delete', 'team'),
      schema: {
        tags,
        summary: 'Delete a team (its members stay)',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: messageSchema, 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      await app.teamService.deleteTeam(requestActor(request), request.params.id);
      return { message: 'Team deleted.' };
    },
  );
};
