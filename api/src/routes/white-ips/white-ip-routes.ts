import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createWhiteIpInputSchema,
  dataEnvelope,
  deleteWhiteIpQuerySchema,
  idParamSchema,
  messageSchema,
  updateWhiteIpInputSchema,
  whiteIpListSchema,
  whiteIpSchema,
} from '@crm/shared/schemas';
import { requestActor } from '../request-actor';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['white-ips'];
// 409: IP_LOCKOUT names the caller's address; a stale version (CONFLICT) does not.
const lockoutSchema = z.object({ ...apiErrorSchema.shape, ip: z.string().optional() });


export const whiteIpRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.authorize('manage', 'all');
  const repo = app.whiteIpRepository;

  app.get(
    '/white-ips',
    {
      onRequest: guard,
      schema: { tags, summary: 'The IP allow-list, whether it is enforced, and your address', security: bearerSecurity, response: { 200: whiteIpListSchema, ...protectedErrors } },
    },
    async (request) => {
      const [data, state] = await Promise.all([repo.list(), repo.state()]);
      return { data, meta: { enforced: state.enforced, your_ip: request.ip } };
    },
  );

  app.post(
    '/white-ips',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Add an address or range (409 IP_LOCKOUT when it would exclude you, unless confirm is true)',
        security: bearerSecurity,
        body: createWhiteIpInputSchema,
        response: { 201: dataEnvelope(whiteIpSchema), 409: lockoutSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const data = await app.whiteIpService.addWhiteIp(requestActor(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/white-ips/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Change an entry from the version you loaded (409 on a stale version or IP_LOCKOUT)',
        security: bearerSecurity,
        params: idParamSchema,
        body: updateWhiteIpInputSchema,
        response: { 200: dataEnvelope(whiteIpSchema), 404: apiErrorSchema, 409: lockoutSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.whiteIpService.updateWhiteIp(requestActor(request), request.params.id, request.body) }),
  );

  app.delete(
    '/white-ips/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Remove an entry (?confirm=true when it would exclude you)',
        security: bearerSecurity,
        params: idParamSchema,
        querystring: deleteWhiteIpQuerySchema,
        response: { 200: messageSchema, 404: apiErrorSchema, 409: lockoutSchema, ...protectedErrors },
      },
    },
    async (request) => {
      await app.whiteIpService.deleteWhiteIp(requestActor(request), request.params.id, request.query.confirm);
      return { message: 'IP entry deleted.' };
    },
  );
};
