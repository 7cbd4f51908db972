import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  dataEnvelope,
  documentConflictSchema,
  documentFileSchema,
  documentInputSchema,
  documentListItemSchema,
  documentSchema,
  idParamSchema,
  idSchema,
  listDocumentsQuerySchema,
  messageSchema,
  paginated,
} from '@crm/shared/schemas';
import { AppError, notFound, validationFailed } from '../../errors/app-error';
import { requestActor } from '../request-actor';
import { checkFields } from '../check-fields';
import { bearerSecurity, protectedErrors } from '../route-schemas';
import { documentAnswer, fileAnswer } from './document-file-answer';
import { receiveDocumentFile } from './receive-file';

const tags = ['documents'];
const lookupErrors = { 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors } as const;
export const VERSION_REQUIRED = 'Передайте версию, с которой открыта форма';
const DOCUMENT_ID_INVALID = 'Укажите документ';

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const inputChecks = (mode: 'create' | 'update') =>
    checkFields(documentInputSchema, () => ({
      category_id: (categoryId) => app.documentRepository.categoryErrors(categoryId),
      // An update saves over the version it was read at (409 when stale); without it there is nothing to compare.
      version: mode === 'update' ? (version) => (version === undefined ? [VERSION_REQUIRED] : undefined) : undefined,
    }));

  /** Links are edited only with `edit document`, also when a document is created. */
  const linksNeedEdit = async (request: { body: { links?: string[] }; ability?: { can(a: string, s: string): boolean } | null }) => {
    if ((request.body.links?.length ?? 0) > 0 && !request.ability?.can('edit', 'document')) {
      throw new AppError('FORBIDDEN', 'This action is unauthorized.');
    }
  };

  app.get(
    '/document',
    {
      onRequest: app.authorize('view', 'document'),
      schema: {
        tags,
        summary: 'One page of documents, by category, searched in full text (Russian and English) and sorted',
        description: 'With `search`, rows are ranked by ts_rank and carry `highlight`, the matched fragment.',
        security: bearerSecurity,
        querystring: listDocumentsQuerySchema,
        response: { 200: paginated(documentListItemSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const { data, total } = await app.documentRepository.list({
        page: q.page,
        perPage: q.per_page,
        search: q.search,
        categoryId: q.category_id,
        sort: q.sort,
      });
      return { data, meta: { current_page: q.page, per_page: q.per_page, total, last_page: Math.max(1, Math.ceil(total / q.per_page)) } };
    },
  );

  app.post(
    '/document',
    {
      onRequest: app.authorize('create', 'document'),
      preValidation: inputChecks('create'),
      preHandler: linksNeedEdit,
      schema: {
        tags,
        summary: 'Create a document (links need `edit document` too)',
        security: bearerSecurity,
        body: documentInputSchema,
        response: { 201: dataEnvelope(documentSchema), 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const document = await app.documentService.createDocument(requestActor(request), request.body);
      return reply.code(201).send({ data: documentAnswer(app, document) });
    },
  );

  app.post(
    '/document/add-media',
    {
      onRequest: app.authorize('edit', 'document'),
      schema: {
        tags,
        summary: 'Attach one file (multipart: document_id and file[]); answers the new file',
        description: 'At most MAX_UPLOAD_MB (413 beyond, the upload is cut off). The type is sniffed from the bytes.',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        response: { 201: dataEnvelope(documentFileSchema), 413: apiErrorSchema, 415: apiErrorSchema, ...lookupErrors },
      },
    },
    async (request, reply) => {
      const checkDocument = async (raw: string | undefined) => {
        const parsed = idSchema(DOCUMENT_ID_INVALID).safeParse(raw);
        if (!parsed.success) throw validationFailed({ document_id: [DOCUMENT_ID_INVALID] });
        if (!(await app.documentRepository.exists(parsed.data))) throw notFound('Документ не найден');
        return parsed.data;
      };
      const { documentId, file } = await receiveDocumentFile(app, request, checkDocument);
      const row = await app.documentService.attachDocumentFile(requestActor(request), { documentId, ...file });
      return reply.code(201).send({ data: fileAnswer(app, row) });
    },
  );

  app.get(
    '/document/remove-media/:fileId',
    {
      onRequest: app.authorize('edit', 'document'),
      schema: {
        tags,
        summary: 'Remove a file from its document, bytes included',
        security: bearerSecurity,
        params: z.object({ fileId: idSchema() }),
        response: { 200: messageSchema, ...lookupErrors },
      },
    },
    async (request) => {
      await app.documentService.removeDocumentFile(requestActor(request), request.params.fileId);
      return { message: 'Файл удалён' };
    },
  );

  app.get(
    '/document/:id',
    {
      onRequest: app.authorize('view', 'document'),
      schema: {
        tags,
        summary: 'A document with its links and files (signed, expiring file URLs)',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: dataEnvelope(documentSchema), ...lookupErrors },
      },
    },
    async (request) => ({ data: documentAnswer(app, await app.documentRepository.detail(request.params.id)) }),
  );

  app.put(
    '/document/:id',
    {
      onRequest: app.authorize('edit', 'document'),
      preValidation: inputChecks('update'),
      schema: {
        tags,
        summary: 'Update a document from the version it was read at; a stale version answers 409',
        security: bearerSecurity,
        params: idParamSchema,
        body: documentInputSchema,
        response: { 200: dataEnvelope(documentSchema), 409: documentConflictSchema, ...lookupErrors },
      },
    },
    async (request) => {
      const { version, ...fields } = request.body;
      const document = await app.documentService.updateDocument(requestActor(request), request.params.id, fields, version!);
      return { data: documentAnswer(app, document) };
    },
  );

  app.delete(
    '/document/:id',
    {
      onRequest: app.authorize('delete', 'document'),
      schema: {
        tags,
        summary: 'Delete a document with its files (bytes included)',
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: messageSchema, ...lookupErrors },
      },
    },
    async (request) => {
      await app.documentService.deleteDocument(requestActor(request), request.params.id);
      return { message: 'Документ удалён' };
    },
  );
};
