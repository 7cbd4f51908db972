import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  dataEnvelope,
  favoriteStateSchema,
  idParamSchema,
  idSchema,
  leadBulkInputSchema,
  leadBulkResultSchema,
  leadConflictSchema,
  leadDetailSchema,
  leadHistorySchema,
  leadAssigneeSchema,
  listLeadAssigneesQuerySchema,
  leadInputSchema,
  leadListResponseSchema,
  leadStatusChangeInputSchema,
  leadUpdateInputSchema,
  listLeadsQuerySchema,
  messageSchema,
  phoneDuplicateSchema,
  phoneDuplicatesQuerySchema,
} from '@crm/shared/schemas';
import { AppError, validationFailed } from '../../errors/app-error';
import { checkFields } from '../check-fields';
import { parsePhone } from '../../lib/phone';
import { bearerSecurity, protectedErrors } from '../route-schemas';
import { leadInputChecks } from './lead-input-checks';
import { listFiltersFromQuery } from './list-filters-from-query';
import { leadCaller, leadViewer } from './lead-viewer';

const tags = ['leads'];
const lookupErrors = { 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors } as const;
const assignParamsSchema = idParamSchema.extend({ userId: idSchema() });

export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/leads',
    {
      onRequest: app.authorize('view', 'lead'),
      schema: {
        tags,
        summary: 'One page of the leads the caller may see, searched, filtered and sorted',
        security: bearerSecurity,
        querystring: listLeadsQuerySchema,
        response: { 200: leadListResponseSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.after !== undefined && q.before !== undefined) {
        throw validationFailed({ before: ['Give either after or before, not both'] });
      }
      const { data, total, estimated, capped, nextCursor, prevCursor } = await app.leadQueryRepository.list(
        {
          ...listFiltersFromQuery(q, app.config.tasksTimeZone),
          page: q.page,
          perPage: q.per_page,
          sort: q.sort,
          after: q.after,
          before: q.before,
        },
        leadViewer(request),
      );
      return {
        data,
        meta: {
          current_page: q.page,
          per_page: q.per_page,
          total,
          last_page: Math.max(1, Math.ceil(total / q.per_page)),
          ...(q.cursors === '1' || q.after !== undefined || q.before !== undefined
            ? { total_is_estimate: estimated, total_is_capped: capped, next_cursor: nextCursor, prev_cursor: prevCursor }
            : {}),
        },
      };
    },
  );

  app.get(
    '/leads/phone-duplicates',
    {
      onRequest: app.authorize('view', 'lead'),
      schema: {
        tags,
        summary: 'Leads the caller may see with the same phone number (at most 5), for the form to warn before saving',
        description: 'The phone is normalised as the import does; a phone that is not a valid number has no duplicates.',
        security: bearerSecurity,
        querystring: phoneDuplicatesQuerySchema,
        response: { 200: dataEnvelope(z.array(phoneDuplicateSchema)), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const parsed = parsePhone(request.query.phone);
      if (!parsed) return { data: [] };
      return { data: await app.leadQueryRepository.phoneDuplicates(parsed.normalized, request.query.exclude_id, leadViewer(request)) };
    },
  );

  app.post(
    '/leads',
    {
      onRequest: app.authorize('create', 'lead'),
      // Every failing field in one 422: the schema's, the phone's and whether the status and users exist.
      preValidation: checkFields(leadInputSchema, () => leadInputChecks(app, 'create')),
      schema: {
        tags,
        summary: 'Create a lead (the caller becomes its creator)',
        security: bearerSecurity,
        body: leadInputSchema,
        response: { 201: dataEnvelope(leadDetailSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const data = await app.leadService.createLead(leadCaller(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  app.post(
    '/leads/bulk',
    {
      onRequest: app.authorize('view', 'lead'),
      // The ability depends on the action in the body: status needs `edit lead`, assign `assign lead`, delete `delete lead`.
      preHandler: async (request) => {
        const action = { status: 'edit', assign: 'assign', delete: 'delete' } as const satisfies Record<typeof request.body.action, string>;
        if (!request.ability?.can(action[request.body.action], 'lead')) throw new AppError('FORBIDDEN', 'This action is unauthorized.');
      },
      schema: {
        tags,
        summary: 'Change the status of, hand over or delete the selected leads; ids out of scope are skipped',
        security: bearerSecurity,
        body: leadBulkInputSchema,
        response: { 200: dataEnvelope(leadBulkResultSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.leadService.bulkChangeLeads(leadCaller(request), request.body) }),
  );

  app.get(
    '/leads/assignees',
    {
      // The same ability as the hand-over itself, so whoever sees Передать can list whom to hand to (decision 014).
      onRequest: app.authorize('assign', 'lead'),
      schema: {
        tags,
        summary: 'Users a lead can be handed over to, by name; at most 50, narrowed by search',
        security: bearerSecurity,
        querystring: listLeadAssigneesQuerySchema,
        response: { 200: dataEnvelope(z.array(leadAssigneeSchema)), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ data: await app.leadAssigneeRepository.list(request.query.search) }),
  );

  // A GET that changes data: the client calls the path with this method, so it stays (the assign route below too).
  app.get(
    '/leads/favorite/:id',
    {
      onRequest: app.authorize('view', 'lead'),
      schema: {
        tags,
        summary: "Toggle the caller's own star on a lead",
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: dataEnvelope(favoriteStateSchema), ...lookupErrors },
      },
    },
    async (request) => ({ data: { is_favorite: await app.leadService.toggleLeadFavorite(leadCaller(request), request.params.id) } }),
  );

  app.post(
    '/leads/status/:id',
    {
      onRequest: app.authorize('edit', 'lead'),
      schema: {
        tags,
        summary: 'Change the status of a lead (null clears it)',
        security: bearerSecurity,
        params: idParamSchema,
        body: leadStatusChangeInputSchema,
        response: { 200: dataEnvelope(leadDetailSchema), ...lookupErrors },
      },
    },
    async (request) => ({ data: await app.leadService.changeLeadStatus(leadCaller(request), request.params.id, request.body.status_id) }),
  );

  app.get(
    '/leads/:id',
    {
      onRequest: app.authorize('view', 'lead'),
      schema: {
        tags,
        summary: 'A lead with its status, responsible users, creator and last editor',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: dataEnvelope(leadDetailSchema), ...lookupErrors },
      },
    },
    async (request) => ({ data: await app.leadQueryRepository.detail(request.params.id, leadViewer(request)) }),
  );

  app.post(
    '/leads/:id',
    {
      onRequest: app.authorize('edit', 'lead'),
      preValidation: checkFields(leadUpdateInputSchema, (request) => leadInputChecks(app, 'update', request.params)),
      schema: {
        tags,
        summary: 'Update a lead from the version it was read at (status_id null clears the status); a stale version answers 409',
        security: bearerSecurity,
        params: idParamSchema,
        body: leadUpdateInputSchema,
        response: { 200: dataEnvelope(leadDetailSchema), 409: leadConflictSchema, ...lookupErrors },
      },
    },
    async (request) => ({ data: await app.leadService.updateLead(leadCaller(request), request.params.id, request.body) }),
  );

  app.delete(
    '/leads/:id',
    {
      onRequest: app.authorize('delete', 'lead'),
      schema: {
        tags,
        summary: 'Delete a lead with its comments and history',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: messageSchema, ...lookupErrors },
      },
    },
    async (request) => {
      await app.leadService.deleteLead(leadCaller(request), request.params.id);
      return { message: 'Лид удалён' };
    },
  );

  // A GET that changes data, kept because the client calls the hand-over with this method.
  app.get(
    '/leads/:id/assign/:userId',
    {
      onRequest: app.authorize('assign', 'lead'),
      schema: {
        tags,
        summary: 'Hand a lead over: its responsible users become just this user',
        security: bearerSecurity,
        params: assignParamsSchema,
        response: { 200: dataEnvelope(leadDetailSchema), ...lookupErrors },
      },
    },
    async (request) => ({ data: await app.leadService.assignLead(leadCaller(request), request.params.id, request.params.userId) }),
  );

  app.get(
    '/leads/:id/history',
    {
      onRequest: app.authorize('view', 'lead'),
      schema: {
        tags,
        summary: 'Every recorded change of a lead, newest first',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: leadHistorySchema, ...lookupErrors },
      },
    },
    async (request) => app.leadHistoryRepository.list(request.params.id, leadViewer(request)),
  );
};
