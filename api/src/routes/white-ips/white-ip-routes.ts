import type { FastifyRequest } from 'fastify';
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
import { AppError } from '../../errors/app-error';
import { entriesAllow } from '../../lib/ip-allow-list';
import { requireUser } from '../../plugins/auth';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['white-ips'];
// 409: IP_LOCKOUT names the caller's address; a stale version (CONFLICT) does not.
const lockoutSchema = z.object({ ...apiErrorSchema.shape, ip: z.string().optional() });

/**
 * 409 IP_LOCKOUT unless confirmed: the list as it would be after the change is enforced and leaves out the caller's
 * own address, so their next request would be refused.
 */
function guardLockout(request: FastifyRequest, entries: string[], confirm: boolean) {
  if (confirm || entries.length === 0 || entriesAllow(entries, request.ip)) return;
  throw new AppError(
    'IP_LOCKOUT',
    `After this change your own address ${request.ip} is no longer allowed and you would lose access. Confirm to save anyway.`,
    undefined,
    { ip: request.ip },
  );
}

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
      const { address, comment, confirm } = request.body;
      guardLockout(request, [...(await repo.addresses()), address], confirm);
      const data = await repo.create({ address, comment }, requireUser(request).id);
      await app.ipAllowList.reload();
      await app.audit.record(request, { action: 'white_ip.create', subjectType: 'white_ip', subjectId: data.id, after: { address, comment } });
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
    async (request) => {
      const { id } = request.params;
      const { confirm, ...changes } = request.body;
      const before = await repo.find(id);
      if (!before) throw new AppError('NOT_FOUND', 'IP entry not found');
      if (changes.address !== undefined) {
        const entries = await repo.addresses();
        guardLockout(request, [...entries.filter((a) => a !== before.address), changes.address], confirm);
      }
      const data = await repo.update(id, changes);
      await app.ipAllowList.reload();
      await app.audit.record(request, {
        action: 'white_ip.update',
        subjectType: 'white_ip',
        subjectId: id,
        before: { address: before.address, comment: before.comment },
        after: { address: data.address, comment: data.comment },
      });
      return { data };
    },
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
      const { id } = request.params;
      const before = await repo.find(id);
      if (!before) throw new AppError('NOT_FOUND', 'IP entry not found');
      const remaining = (await repo.addresses()).filter((a) => a !== before.address);
      guardLockout(request, remaining, request.query.confirm);
      await repo.delete(id);
      await app.ipAllowList.reload();
      await app.audit.record(request, { action: 'white_ip.delete', subjectType: 'white_ip', subjectId: id, before: { address: before.address, comment: before.comment } });
      return { message: 'IP entry deleted.' };
    },
  );
};
