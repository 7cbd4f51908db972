import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserQuerySchema,
  adminUserSchema,
  apiErrorSchema,
  createUserInputSchema,
  dataEnvelope,
  idParamSchema,
  listedUserSchema,
  messageSchema,
  paginated,
  updateUserInputSchema,
  userStatusInputSchema,
} from '@crm/shared/schemas';
import { granterOf } from '../../lib/grant-rules';
import type { UserCaller } from '../../services/user-service';
import { requestActor } from '../request-actor';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['users'];
const userCaller = (request: FastifyRequest): UserCaller => ({ actor: requestActor(request), granter: granterOf(request) });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      onRequest: app.authorize('view', 'users'),
      schema: {
        tags,
        summary: 'Every user with whether they are active, for pickers and filters',
        security: bearerSecurity,
        response: { 200: dataEnvelope(z.array(listedUserSchema)), ...protectedErrors },
      },
    },
    async () => ({ data: await app.userRepository.list() }),
  );

  app.get(
    '/users/list',
    {
      onRequest: app.authorize('view', 'users'),
      schema: {
        tags,
        summary: 'The users page: search (name, email), filters by role, team and status, pages',
        security: bearerSecurity,
        querystring: adminUserQuerySchema,
        response: { 200: paginated(adminUserSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => app.userRepository.listPage(request.query),
  );

  app.get(
    '/users/:id',
    {
      onRequest: app.authorize('view', 'users'),
      schema: {
        tags,
        summary: 'One user with role and teams (the edit form)',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: dataEnvelope(adminUserSchema), 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.userRepository.findAdmin(request.params.id) }),
  );

  app.post(
    '/users',
    {
      onRequest: app.authorize('manage', 'users'),
      schema: {
        tags,
        summary: 'Create a user; they are mailed an invitation link to choose a password',
        security: bearerSecurity,
        body: createUserInputSchema,
        response: { 201: dataEnvelope(adminUserSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const user = await app.userService.createUser(userCaller(request), request.body);
      return reply.code(201).send({ data: user });
    },
  );

  app.put(
    '/users/:id',
    {
      onRequest: app.authorize('manage', 'users'),
      schema: {
        tags,
        summary: 'Edit a user over the version it was read at (409 when someone saved in between)',
        security: bearerSecurity,
        params: idParamSchema,
        body: updateUserInputSchema,
        response: { 200: dataEnvelope(adminUserSchema), 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.userService.updateUser(userCaller(request), request.params.id, request.body) }),
  );

  app.post(
    '/users/:id/status',
    {
      onRequest: app.authorize('manage', 'users'),
      schema: {
        tags,
        summary: 'Deactivate (every token of the user stops working at once) or activate a user',
        security: bearerSecurity,
        params: idParamSchema,
        body: userStatusInputSchema,
        response: { 200: dataEnvelope(adminUserSchema), 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.userService.setUserActive(userCaller(request), request.params.id, request.body.active) }),
  );

  app.post(
    '/users/:id/password-reset',
    {
      onRequest: app.authorize('manage', 'users'),
      schema: {
        tags,
        summary: 'Force a password reset: the old password and every session stop working, and a link to choose a new one is mailed',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: messageSchema, 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      await app.userService.forcePasswordReset(userCaller(request), request.params.id);
      return { message: 'The user has been mailed a link to choose a new password.' };
    },
  );

  app.delete(
    '/users/:id/two-factor',
    {
      onRequest: app.authorize('manage', 'users'),
      schema: {
        tags,
        summary: "Reset a user's two-factor sign-in (a lost phone): secret and recovery codes deleted, every session signed out",
        description: 'Audited as `user.two_factor_reset`. If the role requires two-factor sign-in, the user sets it up again at the next sign-in.',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: messageSchema, 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      await app.userService.resetTwoFactor(userCaller(request), request.params.id);
      return { message: 'Two-factor sign-in has been reset for this user.' };
    },
  );
};
