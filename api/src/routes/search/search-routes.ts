import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, searchQuerySchema, searchResultsSchema, type SearchResults } from '@crm/shared/schemas';
import { requireUser } from '../../plugins/auth';
import { leadViewer } from '../leads/lead-viewer';
import { bearerSecurity, protectedErrors } from '../route-schemas';

/** GET /api/search: the top bar's box (decision 041). Each group is searched only when the caller may see it. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      onRequest: app.authenticate,
      // Each group is filtered by its own ability, so a key sees only what its scopes grant (docs/decisions/072).
      config: { apiKeys: 'allowed' },
      schema: {
        tags: ['search'],
        summary: 'Leads, documents and users matching a few words or a phone number in any format',
        description:
          'Leads (name words or phone digits) within the caller\'s lead scope and only with `view lead`; documents in ' +
          'full text with `view document`; active users by name or email with `view users`. A group the caller may ' +
          'not see is null. `limit` (1–20, default 5) caps each group.',
        security: bearerSecurity,
        querystring: searchQuerySchema,
        response: { 200: searchResultsSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request): Promise<SearchResults> => {
      requireUser(request);
      const { q, limit } = request.query;
      const ability = request.ability;
      // One after the other: the document search runs in a transaction, and PGlite has a single connection.
      const leads = ability?.can('view', 'lead') ? await app.searchRepository.leads(q, limit, leadViewer(request)) : null;
      const documents = ability?.can('view', 'document') ? await app.searchRepository.documents(q, limit) : null;
      const users = ability?.can('view', 'users') ? await app.searchRepository.users(q, limit) : null;
      return { leads, documents, users };
    },
  );
};
