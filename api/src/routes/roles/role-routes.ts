import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createRoleInputSchema,
  dataEnvelope,
  idParamSchema,
  messageSchema,
  type Role,
  roleSchema,
  updateRoleInputSchema,
} from '@crm/shared/schemas';
import { checkRoleSave, granterOf } from '../../lib/grant-rules';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['roles'];
/** What the audit log keeps of a role: what it grants (not who holds it, which changes with the users). */
const snapshot = (role: Role) => ({
  name: role.name,
  lead_scope: role.lead_scope,
  permissions: role.permissions,
  permission_ids: role.permission_ids,
  version: role.version,
});

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
      await checkRoleSave(app.roleRepository, granterOf(request), request.body);
      const data = await app.roleRepository.createRole(request.body);
      await app.audit.record(request, { action: 'role.create', subjectType: 'role', subjectId: data.id, after: snapshot(data) });
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
    async (request) => {
      const before = await app.roleRepository.findRole(request.params.id);
      await checkRoleSave(app.roleRepository, granterOf(request), request.body, before);
      const data = await app.roleRepository.updateRole(request.params.id, request.body);
      await app.audit.record(request, { action: 'role.update', subjectType: 'role', subjectId: data.id, before: snapshot(before), after: snapshot(data) });
      // Its holders' open apps refetch their rules at once (issue 11), not only on the next focus or poll.
      void app.broadcasts.abilitiesChanged(await app.roleRepository.userIdsWithRole(data.id));
      return { data };
    },
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
      const before = await app.roleRepository.findRole(request.params.id);
      await app.roleRepository.deleteRole(request.params.id);
      await app.audit.record(request, { action: 'role.delete', subjectType: 'role', subjectId: before.id, before: snapshot(before) });
      return { message: 'Role deleted.' };
    },
  );
};
