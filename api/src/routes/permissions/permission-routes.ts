import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  dataEnvelope,
  idParamSchema,
  messageSchema,
  permissionInputSchema,
  permissionSchema,
} from '@crm/shared/schemas';
import { requestActor } from '../request-actor';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['permissions'];

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/permissions',
    {
      onRequest: app.authorize('view', 'permissions'),
      schema: {
        tags,
        summary: 'Every action+subject pair a role can be granted, with the roles holding it',
        security: bearerSecurity,
        response: { 200: dataEnvelope(z.array(permissionSchema)), ...protectedErrors },
      },
    },
    async () => ({ data: await app.roleRepository.listPermissions() }),
  );

  app.post(
    '/permissions',
    {
      onRequest: app.authorize('create', 'permissions'),
      schema: {
        tags,
        summary: 'Add an action+subject pair',
        security: bearerSecurity,
        body: permissionInputSchema,
        response: { 201: dataEnvelope(permissionSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const data = await app.permissionService.createPermission(requestActor(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/permissions/:id',
    {
      onRequest: app.authorize('edit', 'permissions'),
      schema: {
        tags,
        summary: 'Rename a permission; its action+subject only while no role holds it (409)',
        security: bearerSecurity,
        params: idParamSchema,
        body: permissionInputSchema,
        response: { 200: dataEnvelope(permissionSchema), 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.permissionService.updatePermission(requestActor(request), request.params.id, request.body) }),
  );

  app.delete(
    '/permissions/:id',
    {
      onRequest: app.authorize('delete', 'permissions'),
      schema: {
        tags,
        summary: 'Delete a permission no role holds (409 while in use)',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: messageSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      await app.permissionService.deletePermission(requestActor(request), request.params.id);
      return { message: 'Permission deleted.' };
    },
  );
};
