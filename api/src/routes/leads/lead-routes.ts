import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, leadListItemSchema, listLeadsQuerySchema, paginated } from '@crm/shared/schemas';
import { requireUser } from '../../plugins/auth';
import { bearerSecurity, protectedErrors } from '../route-schemas';

export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/leads',
    {
      onRequest: app.authorize('view', 'lead'),
      schema: {
        tags: ['leads'],
        summary: 'One page of the leads the caller may see, searched, filtered and sorted',
        security: bearerSecurity,
        querystring: listLeadsQuerySchema,
        response: { 200: paginated(leadListItemSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const q = request.query;
      const { data, total } = await app.leadRepository.list(
        {
          page: q.page,
          perPage: q.per_page,
          search: q.search,
          statusId: q.status_id,
          userId: q.user_id,
          favoriteOnly: q.favorite === '1',
          sort: q.sort,
        },
        { id: user.id, leadScope: user.role.leadScope },
      );
      return {
        data,
        meta: { current_page: q.page, per_page: q.per_page, total, last_page: Math.max(1, Math.ceil(total / q.per_page)) },
      };
    },
  );
};
