import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createRoleInputSchema,
  dataEnvelope,
  idParamSchema,
  messageSchema,
  roleOptionSchema,
  roleSchema,
  updateRoleInputSchema,
} from '@crm/shared/schemas';
import { granterOf } from '../../lib/grant-rules';
import type { RoleCaller } from '../../services/role-service';
import { requestActor } from '../request-actor';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['roles'];
const roleCaller = (request: FastifyRequest): RoleCaller => ({ actor: requestActor(request), granter: granterOf(request) });

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/roles',
    {
      onRequest: app.authorize('view', 'roles'),
      schema: {
        tags,
        summary: 'Roles with their rules, how many users hold them and the first few holders',
        security: bearerSecurity,
        response: { 200: dataEnvelope(z.array(roleSchema)), ...protectedErrors },
      },
    },
    async () => ({ data: await app.roleRepository.listRoles() }),
  );

  // The users page filters by role for whoever may view users; the names alone reveal no rules (docs/decisions/065).
  app.get(
    '/roles/options',
    {
      onRequest: app.authorizeAny([
        ['view', 'users'],
        ['view', 'roles'],
      ]),
      schema: {
        tags,
        summary: 'Every role\'s id and name, for filters and pickers (view users or view roles)',
        security: bearerSecurity,
        response: { 200: dataEnvelope(z.array(roleOptionSchema)), ...protectedErrors },
      },
    },
    async () => ({ data: await app.roleRepository.listRoleOptions() }),
  );

  app.post(
    '/roles',
    {
      onRequest: app.authorize('create', 'roles'),
      schema: {
        tags,
        summary: 'Create a role: name, lead scope and the permissions it grants',
        security: bearerSecurity,
        body: createRoleInputSchema,
        response: { 201: dataEnvelope(roleSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const data = await app.roleService.createRole(roleCaller(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/roles/:id',
    {
      onRequest: app.authorize('edit', 'roles'),
      schema: {
        tags,
        summary: 'Edit a role; its users get the new rules on their next request',
        security: bearerSecurity,
        params: idParamSchema,
        body: updateRoleInputSchema,
        response: { 200: dataEnvelope(roleSchema), 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.roleService.updateRole(roleCaller(request), request.params.id, request.body) }),
  );

  app.delete(
    '/roles/:id',
    {
      onRequest: app.authorize('delete', 'roles'),
      schema: {
        tags,
        summary: 'Delete a role nobody holds (409 while users hold it)',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: messageSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      await app.roleService.deleteRole(roleCaller(request), request.params.id);
      return { message: 'Role deleted.' };
    },
  );
};
