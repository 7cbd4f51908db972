import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  createTeamInputSchema,
  dataEnvelope,
  idParamSchema,
  messageSchema,
  paginated,
  type Team,
  teamQuerySchema,
  teamSchema,
  updateTeamInputSchema,
} from '@crm/shared/schemas';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['teams'];
/** What the audit log keeps of a team: its fields, lead and members by id and name. */
const snapshot = (team: Team) => ({
  name: team.name,
  description: team.description,
  lead: team.lead ? { id: team.lead.id, name: team.lead.name } : null,
  members: team.members.map(({ id, name }) => ({ id, name })),
  version: team.version,
});

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
      const data = await app.teamRepository.create(request.body);
      await app.audit.record(request, { action: 'team.create', subjectType: 'team', subjectId: data.id, after: snapshot(data) });
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
    async (request) => {
      const before = await app.teamRepository.find(request.params.id);
      const data = await app.teamRepository.update(request.params.id, request.body);
      await app.audit.record(request, { action: 'team.update', subjectType: 'team', subjectId: data.id, before: snapshot(before), after: snapshot(data) });
      return { data };
    },
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
      const before = await app.teamRepository.find(request.params.id);
      await app.teamRepository.delete(request.params.id);
      await app.audit.record(request, { action: 'team.delete', subjectType: 'team', subjectId: before.id, before: snapshot(before) });
      return { message: 'Team deleted.' };
    },
  );
};
