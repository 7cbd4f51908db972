import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AbilityAction,
  type AbilitySubject,
  apiErrorSchema,
  dataEnvelope,
  leadConflictSchema,
  leadDetailSchema,
  leadDuplicatesQuerySchema,
  leadDuplicatesResponseSchema,
  leadMergeInputSchema,
} from '@crm/shared/schemas';
import { bearerSecurity, protectedErrors } from '../route-schemas';
import { leadCaller, leadViewer } from './lead-viewer';

const tags = ['leads'];

/** A merge deletes one lead and rewrites the other: it takes both `edit lead` and `delete lead` (docs/decisions/075). */
const EDIT_AND_DELETE: [AbilityAction, AbilitySubject][] = [
  ['edit', 'lead'],
  ['delete', 'lead'],
];

export const leadMergeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/leads/duplicates',
    {
      onRequest: app.authorizeAll(EDIT_AND_DELETE),
      schema: {
        tags,
        summary: 'Possible duplicates among the leads the caller may see: groups with the same phone, or the same surname and first name',
        description: 'Groups whose newest lead is newest come first; each group answers at most 10 of its leads and `count`.',
        security: bearerSecurity,
        querystring: leadDuplicatesQuerySchema,
        response: { 200: leadDuplicatesResponseSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const { page, per_page: perPage } = request.query;
      const { data, total } = await app.leadMergeRepository.duplicates(page, perPage, leadViewer(request));
      return { data, meta: { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) } };
    },
  );

  app.post(
    '/leads/merge',
    {
      onRequest: app.authorizeAll(EDIT_AND_DELETE),
      schema: {
        tags,
        summary: 'Merge merge_id into keep_id: chosen fields, all users, stars, comments and history move; merge_id is deleted',
        description: 'Cannot be undone. 404 if either lead is out of scope; 409 if either changed since the versions given.',
        security: bearerSecurity,
        body: leadMergeInputSchema,
        response: { 200: dataEnvelope(leadDetailSchema), 404: apiErrorSchema, 409: leadConflictSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const body = request.body;
      const data = await app.leadService.mergeLeads(leadCaller(request), {
        keepId: body.keep_id,
        mergeId: body.merge_id,
        keepVersion: body.keep_version,
        mergeVersion: body.merge_version,
        fields: body.fields,
      });
      return { data };
    },
  );
};
