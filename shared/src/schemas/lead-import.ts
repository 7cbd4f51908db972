import { z } from 'zod';

/** Lead fields a CSV column can be mapped to. `status` is a status name; `users` holds e-mails separated by ';'. */
export const LEAD_IMPORT_FIELDS = ['surname', 'firstname', 'patronymic', 'phone', 'status', 'users', 'additional_info'] as const;
export type LeadImportField = (typeof LEAD_IMPORT_FIELDS)[number];

/** What the import wizard and the import report call each field (the report's errors read 'Телефон: …'). */
export const LEAD_IMPORT_FIELD_LABELS: Readonly<Record<LeadImportField, string>> = {
  surname: 'Фамилия',
  firstname: 'Имя',
  patronymic: 'Отчество',
  phone: 'Телефон',
  status: 'Статус',
  users: 'Ответственные',
  additional_info: 'Заметки',
};

/**
 * The columns an import needs (the lead form's required fields; a file without a status column gets the first
 * status): the wizard will not start until they are mapped, and the API refuses a mapping without them.
 */
export const REQUIRED_LEAD_IMPORT_FIELDS: readonly LeadImportField[] = ['surname', 'firstname', 'phone'];

/** What to do with a row whose normalised phone matches an existing lead. */
export const DUPLICATE_MODES = ['skip', 'update', 'create'] as const;
export type DuplicateMode = (typeof DUPLICATE_MODES)[number];

const mappedColumn = z.string().nullable();
/**
 * Field → CSV header (or null when not imported), every field named. An object rather than a record keyed by an enum,
 * so that its JSON Schema (and the OpenAPI document) lists the properties it requires.
 */
export const leadImportMappingSchema = z.strictObject(
  Object.fromEntries(LEAD_IMPORT_FIELDS.map((field) => [field, mappedColumn])) as Record<LeadImportField, typeof mappedColumn>,
);
export type LeadImportMapping = z.infer<typeof leadImportMappingSchema>;

/** POST /api/leads/import/preview (multipart `file`): the headers, the first rows and a suggested mapping. */
export const leadImportPreviewSchema = z.object({
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  /** Data rows as the import counts them for a file up to 1 MB; of a larger one, the lines after the header (decision 046). */
  total_rows: z.number().int(),
  suggested_mapping: leadImportMappingSchema,
});
export type LeadImportPreview = z.infer<typeof leadImportPreviewSchema>;

export const IMPORT_JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;

/**
 * An import run. POST /api/leads/import (multipart `file`, `mapping` as JSON text, `on_duplicate`) answers 202 with it;
 * GET /api/leads/import/{id} reports progress; GET /api/leads/import/{id}/report downloads the rejected rows as CSV.
 */
export const leadImportJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(IMPORT_JOB_STATUSES),
  on_duplicate: z.enum(DUPLICATE_MODES),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  rejected: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type LeadImportJob = z.infer<typeof leadImportJobSchema>;
