import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AdminUser,
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
import { PASSWORD_RESET_QUEUE } from '../../jobs/password-reset-job';
import { checkUserManage, checkUserSave, granterOf } from '../../lib/grant-rules';
import { hashPassword } from '../../lib/password';
import { requireUser } from '../../plugins/auth';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['users'];
/** A hash of random bytes nobody knows: the account has no usable password until the mailed link sets one. */
const unusablePasswordHash = () => hashPassword(randomBytes(32).toString('base64url'));
/** What the audit log keeps of a user: the form's fields and the status (never a password). */
const snapshot = (user: AdminUser) => ({
  email: user.email,
  first_name: user.first_name,
  name: user.name,
  role: user.role,
  teams: user.teams,
  active: user.active,
  version: user.version,
});

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
      await checkUserSave(app.roleRepository, granterOf(request), request.body.role_id);
      const user = await app.userRepository.createWithTeams(request.body, await unusablePasswordHash());
      await app.jobs.enqueue(PASSWORD_RESET_QUEUE, { email: user.email, kind: 'invitation' });
      request.log.info({ userId: user.id, by: requireUser(request).id }, 'User created');
      await app.audit.record(request, { action: 'user.create', subjectType: 'user', subjectId: user.id, after: snapshot(user) });
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
    async (request) => {
      const before = await app.userRepository.findAdmin(request.params.id);
      await checkUserSave(app.roleRepository, granterOf(request), request.body.role_id, { id: before.id, roleId: before.role.id });
      const data = await app.userRepository.update(request.params.id, request.body);
      await app.audit.record(request, { action: 'user.update', subjectType: 'user', subjectId: data.id, before: snapshot(before), after: snapshot(data) });
      if (before.role.id !== data.role.id) void app.broadcasts.abilitiesChanged(data.id);
      return { data };
    },
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
    async (request) => {
      const before = await app.userRepository.findAdmin(request.params.id);
      await checkUserManage(app.roleRepository, granterOf(request), before.role.id);
      const data = await app.userRepository.setActive(request.params.id, request.body.active);
      if (before.active !== data.active) {
        await app.audit.record(request, {
          action: data.active ? 'user.activate' : 'user.deactivate',
          subjectType: 'user',
          subjectId: data.id,
          before: { active: before.active },
          after: { active: data.active },
        });
      }
      return { data };
    },
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
      const user = await app.userRepository.findAdmin(request.params.id);
      await checkUserManage(app.roleRepository, granterOf(request), user.role.id);
      await app.userRepository.updatePassword(user.id, await unusablePasswordHash());
      await app.authRepository.revokeAllAccessTokens(user.id);
      await app.jobs.enqueue(PASSWORD_RESET_QUEUE, { email: user.email, kind: 'forced' });
      await app.audit.record(request, { action: 'user.password_reset_forced', subjectType: 'user', subjectId: user.id, after: { email: user.email } });
      return { message: 'The user has been mailed a link to choose a new password.' };
    },
  );
};
