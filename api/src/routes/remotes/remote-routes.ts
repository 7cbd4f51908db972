import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  dataEnvelope,
  messageSchema,
  remoteListSchema,
  remoteLoadErrorInputSchema,
  remoteSchema,
  remoteSwitchMetaSchema,
  switchRemoteInputSchema,
} from '@crm/shared/schemas';
import { REMOTE_SCOPES, type RemoteName } from '@crm/shared/routes';
import { requestActor } from '../request-actor';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['remotes'];
const REMOTE_NAMES = Object.keys(REMOTE_SCOPES) as [RemoteName, ...RemoteName[]];
const remoteParamsSchema = z.object({ name: z.enum(REMOTE_NAMES, `Use one of ${REMOTE_NAMES.join(', ')}`) });

/**
 * Load-error reports per signed-in user (not per address: an office behind one address has many users). Counted
 * after the token is checked, so the key is the user. A page reports each failed load once, so this is generous.
 */
export const LOAD_ERROR_REPORTS_PER_MINUTE = 30;

/** The remote registry (docs/decisions/052): where the host loads each remote from, switched and rolled back at run time. */
export const remoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.authorize('manage', 'remotes');

  app.get(
    '/remotes',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "Each remote's manifest URL, build version and commit, when and by whom it was switched, and the load errors browsers reported",
        security: bearerSecurity,
        response: { 200: remoteListSchema, ...protectedErrors },
      },
    },
    async () => ({ data: await app.remoteRepository.list(), meta: { host_shared: app.remoteRegistry.hostShared } }),
  );

  app.put(
    '/remotes/:name',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Switch a remote to another build; its manifest is checked first (422 with the reason when it is unfit)',
        security: bearerSecurity,
        params: remoteParamsSchema,
        body: switchRemoteInputSchema,
        response: {
          200: z.object({ data: remoteSchema, meta: remoteSwitchMetaSchema }),
          404: apiErrorSchema,
          422: apiErrorSchema,
          ...protectedErrors,
        },
      },
    },
    async (request) => {
      const { remote, warnings } = await app.remoteService.switchRemote(requestActor(request), request.params.name, request.body.entry);
      return { data: remote, meta: { warnings } };
    },
  );

  app.post(
    '/remotes/:name/load-errors',
    {
      onRequest: app.authenticate,
      config: {
        rateLimit: {
          max: LOAD_ERROR_REPORTS_PER_MINUTE,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request) => `remote-load-errors:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary: 'Report that this page could not load a remote (any signed-in user; the Модули page shows the latest)',
        security: bearerSecurity,
        params: remoteParamsSchema,
        body: remoteLoadErrorInputSchema,
        response: { 202: messageSchema, 422: apiErrorSchema, 429: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const { message, version } = request.body;
      await app.remoteService.recordLoadError(requestActor(request), request.params.name, { message, version: version ?? null });
      return reply.code(202).send({ message: 'Recorded.' });
    },
  );

  app.post(
    '/remotes/:name/rollback',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Go back to the entry before the current one (409 when there is none)',
        security: bearerSecurity,
        params: remoteParamsSchema,
        response: { 200: dataEnvelope(remoteSchema), 404: apiErrorSchema, 409: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.remoteService.rollbackRemote(requestActor(request), request.params.name) }),
  );
};
