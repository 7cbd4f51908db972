import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  dataEnvelope,
  DUPLICATE_MODES,
  idParamSchema,
  isStorableText,
  LEAD_IMPORT_FIELD_LABELS,
  LEAD_IMPORT_FIELDS,
  leadImportJobSchema,
  leadImportPreviewSchema,
  leadExtraFiltersShape,
  listLeadsQuerySchema,
  textSchema,
} from '@crm/shared/schemas';
import { AppError, type FieldErrors, notFound, validationFailed } from '../../errors/app-error';
import { IMPORT_FAILED_MESSAGE, inspectUpload, LEAD_IMPORT_QUEUE } from '../../jobs/lead-import-job';
import { previewCsv, toCsv, UTF8_BOM } from '../../lib/csv';
import { htmlToText } from '../../lib/plain-text';
import { resolveMapping, suggestMapping } from '../../lib/lead-import-mapping';
import { perUserSlots } from '../../lib/per-user-slots';
import type { LeadExportRow } from '../../repositories/lead-export-repository';
import { readMultipart, type ReadMultipartOptions, streamMultipart } from '../read-multipart';
import { bearerSecurity, protectedErrors } from '../route-schemas';
import { leadViewer } from './lead-viewer';
import { listFiltersFromQuery } from './list-filters-from-query';

const tags = ['lead import/export'];

/** Largest CSV accepted for import (about 500,000 typical rows). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
const PREVIEW_ROWS = 10;
/**
 * Per user and instance (decision 046): previews each hold a request open for as long as the upload takes, and an import
 * holds its whole file until its job is stored; more at once only let one user crowd out the others.
 */
export const MAX_PREVIEWS_PER_USER = 2;
export const MAX_IMPORT_UPLOADS_PER_USER = 1;
/** Seconds a refused client is told to wait: about an upload's time for a preview, a while for a running import. */
const PREVIEW_RETRY_AFTER = 10;
const IMPORT_RETRY_AFTER = 30;

export const EXPORT_COLUMNS = ['id', 'surname', 'firstname', 'patronymic', 'phone', 'status', 'users', 'additional_info', 'created_at'] as const;

/** The import's Russian labels, in the export's column order. */
const LEAD_EXPORT_RU_LABELS = (['surname', 'firstname', 'patronymic', 'phone', 'status', 'users', 'additional_info'] as const).map(
  (field) => LEAD_IMPORT_FIELD_LABELS[field],
);

/**
 * The header row per `lang` (docs/decisions/068): the API's field names by default, as API clients have always read
 * them; the leads screen asks for Russian, with the labels the import recognises so an export still imports.
 */
const EXPORT_HEADERS: Record<'en' | 'ru', readonly string[]> = {
  en: EXPORT_COLUMNS,
  ru: ['ID', ...LEAD_EXPORT_RU_LABELS, 'Создан'],
};

const { search, status_id, user_id, team_id, favorite } = listLeadsQuerySchema.shape;
const { created_from, created_to, updated_from, updated_to, tz, inactive_days, no_user, overdue_tasks } = leadExtraFiltersShape;
const exportQuerySchema = z.object({
  search,
  status_id,
  user_id,
  team_id,
  favorite,
  created_from,
  created_to,
  updated_from,
  updated_to,
  tz,
  inactive_days,
  no_user,
  overdue_tasks,

  lang: z.enum(['en', 'ru'], 'Выберите en или ru').default('en'),
});
const csvAnswer = z.string().describe('text/csv, UTF-8 with BOM');

/** The import form's text fields: the mapping as JSON text (default: the suggested one) and what to do with duplicates. */
const importFieldsSchema = z.object({
  mapping: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Сопоставление столбцов должно быть JSON-объектом' });
        return z.NEVER;
      }
    })
    .pipe(z.partialRecord(z.enum(LEAD_IMPORT_FIELDS), textSchema().nullable()))
    .optional(),
  on_duplicate: z.enum(DUPLICATE_MODES, 'Выберите skip, update или create').default('skip'),
});

const fieldErrorsOf = (error: z.ZodError): FieldErrors => {
  const errors: FieldErrors = {};
  for (const issue of error.issues) (errors[String(issue.path[0] ?? 'request')] ??= []).push(issue.message);
  return errors;
};

const attachment = (name: string) => `attachment; filename="${name}"`;

/** Refuses a file whose header row is missing or cannot be stored. */
const checkHeaders = <T extends { headers: string[] }>(parsed: T): T => {
  if (parsed.headers.length === 0 || parsed.headers.every((h) => h === '')) throw validationFailed({ file: ['В файле нет строки заголовков'] });
  // Headers are kept with the job for the report; a NUL in a data cell only rejects its row (validateImportRow).
  const bad = parsed.headers.findIndex((h) => !isStorableText(h));
  if (bad !== -1) throw validationFailed({ file: [`Заголовок столбца ${bad + 1} содержит символ, который нельзя сохранить (NUL)`] });
  return parsed;
};

/** The upload's headers, first rows and row count (parsed in a worker thread when it is large), headers checked. */
const csvFile = async (buffer: Buffer) => checkHeaders(await inspectUpload(buffer, PREVIEW_ROWS));

const CSV_UPLOAD: ReadMultipartOptions = {
  fileField: 'file',
  maxFileBytes: MAX_IMPORT_BYTES,
  missingMessage: 'Выберите CSV-файл',
  tooLargeMessage: 'Файл больше 50 МБ. Разделите его на части.',
};

/** A 429 with Retry-After, for a user who already has as many previews or imports going as they may. */
function busy(reply: FastifyReply, seconds: number, message: string): AppError {
  reply.header('retry-after', String(seconds));
  return new AppError('IMPORT_BUSY', message);
}

/** A lead as a CSV line; notes as the text a person reads, not their HTML (cells are guarded by `toCsv`). */
function exportLine(row: LeadExportRow): (string | number)[] {
  return [row.id, row.surname, row.firstname, row.patronymic, row.phone, row.status, row.users.join(';'), htmlToText(row.additional_info), row.created_at];
}

export const leadCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  const previewSlots = perUserSlots(MAX_PREVIEWS_PER_USER);
  const importSlots = perUserSlots(MAX_IMPORT_UPLOADS_PER_USER);

  app.get(
    '/leads/export',
    {
      onRequest: app.authorize('view', 'lead'),
      schema: {
        tags,
        summary: 'The leads matching the list filters as CSV, streamed',
        security: bearerSecurity,
        querystring: exportQuerySchema,
        produces: ['text/csv'],
        // No response schema: the body is a stream of CSV, which no serializer should touch.
      },
    },
    async (request, reply) => {
      const q = request.query;
      const batches = app.leadExportRepository.exportBatches(
        listFiltersFromQuery(q, app.config.tasksTimeZone),

        leadViewer(request),
      );
      // The first batch is read before the 200 goes out, so a query that fails answers a JSON error; once the stream
      // has started, a failure can only cut it short.
      const first = await batches.next();
      async function* lines() {
        yield UTF8_BOM + toCsv([[...EXPORT_HEADERS[q.lang]]]);
        if (first.done) return;
        yield toCsv(first.value.map(exportLine));
        for await (const batch of batches) yield toCsv(batch.map(exportLine));
      }
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`leads-${date}.csv`))
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
  );

  app.post(
    '/leads/import/preview',
    {
      onRequest: app.authorize('create', 'lead'),
      schema: {
        tags,
        summary: 'Headers, first rows and a suggested column mapping of a CSV (multipart field `file`)',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        response: {
          200: dataEnvelope(leadImportPreviewSchema),
          413: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
          ...protectedErrors,
        },
      },
    },
    async (request, reply) => {
      const release = previewSlots.take(leadViewer(request).id);
      if (!release) throw busy(reply, PREVIEW_RETRY_AFTER, 'Уже идут два предпросмотра файла. Дождитесь их окончания и попробуйте снова.');
      try {
        // Only the file's first megabyte is kept; the rest streams past (lib/csv.ts previewCsv).
        const { file } = await streamMultipart(request, CSV_UPLOAD, (stream) => previewCsv(stream, PREVIEW_ROWS));
        if (!file || file.bytes === 0) throw validationFailed({ file: [CSV_UPLOAD.missingMessage] });
        const { headers, rows, total } = checkHeaders(file);
        return {
          data: {
            headers,
            rows: rows.map((cells) => headers.map((_, i) => cells[i] ?? '')),
            total_rows: total,
            suggested_mapping: suggestMapping(headers),
          },
        };
      } finally {
        release();
      }
    },
  );

  app.post(
    '/leads/import',
    {
      onRequest: app.authorize('create', 'lead'),
      schema: {
        tags,
        summary: 'Start importing a CSV (multipart `file`, `mapping` JSON, `on_duplicate`); poll the job it answers',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        response: {
          202: dataEnvelope(leadImportJobSchema),
          413: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
          ...protectedErrors,
        },
      },
    },
    async (request, reply) => {
      const viewer = leadViewer(request);
      const release = importSlots.take(viewer.id);
      if (!release) throw busy(reply, IMPORT_RETRY_AFTER, 'Файл уже загружается для импорта. Дождитесь окончания и попробуйте снова.');
      try {
        // A job waiting or running counts as the user's one import, on every instance.
        if (await app.leadImportRepository.hasUnfinishedJob(viewer.id)) {
          throw busy(reply, IMPORT_RETRY_AFTER, 'Предыдущий импорт ещё не закончился. Дождитесь его окончания и попробуйте снова.');
        }
        return await startImport(request, reply);
      } finally {
        release();
      }
    },
  );

  /** Reads the upload, checks the form and the mapping, stores the job with its file and queues it. */
  async function startImport(request: Parameters<typeof readMultipart>[0], reply: FastifyReply) {
    const { file, fields } = await readMultipart(request, CSV_UPLOAD);
    if (!isStorableText(file!.filename)) throw validationFailed({ file: ['Имя файла содержит символ, который нельзя сохранить (NUL)'] });
    const options = importFieldsSchema.safeParse(fields);
    if (!options.success) throw validationFailed(fieldErrorsOf(options.error));
    const { headers, total } = await csvFile(file!.buffer);
    const { columns, errors } = resolveMapping(options.data.mapping ?? suggestMapping(headers), headers);
    if (Object.keys(errors).length > 0) throw validationFailed(errors);

    const viewer = leadViewer(request);
    const job = await app.leadImportRepository.createJob({
      createdBy: viewer.id,
      onDuplicate: options.data.on_duplicate,
      fileName: file!.filename,
      headers,
      total,
      file: file!.buffer,
      columns,
    });
    try {
      await app.jobs.enqueue(LEAD_IMPORT_QUEUE, { jobId: job.id });
    } catch (error) {
      // Nobody would ever run it: say so on the job instead of leaving it pending for good.
      await app.leadImportRepository.fail(job.id, IMPORT_FAILED_MESSAGE);
      throw error;
    }
    return reply.code(202).send({ data: job });
  }

  app.get(
    '/leads/import/:id',
    {
      onRequest: app.authorize('create', 'lead'),
      schema: {
        tags,
        summary: "Progress and counts of one of the caller's imports",
        security: bearerSecurity,
        params: idParamSchema,
        response: { 200: dataEnvelope(leadImportJobSchema), 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      const job = await app.leadImportRepository.findJob(request.params.id, leadViewer(request).id);
      if (!job) throw notFound('Импорт не найден');
      return { data: job };
    },
  );

  app.get(
    '/leads/import/:id/report',
    {
      onRequest: app.authorize('create', 'lead'),
      schema: {
        tags,
        summary: 'The rejected rows of an import as CSV: the original columns, then line and errors',
        security: bearerSecurity,
        params: idParamSchema,
        produces: ['text/csv'],
        response: { 200: csvAnswer, 404: apiErrorSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const report = await app.leadImportRepository.findReport(request.params.id, leadViewer(request).id);
      if (!report) throw notFound('Импорт не найден');
      const width = report.headers.length;
      const csv = toCsv([
        [...report.headers, 'line', 'errors'],
        ...report.rows.map((row) => [...Array.from({ length: width }, (_, i) => row.values[i] ?? ''), row.line, row.errors.join('; ')]),
      ]);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`lead-import-${request.params.id}-rejected.csv`))
        .header('cache-control', 'no-store')
        .send(UTF8_BOM + csv);
    },
  );
};
