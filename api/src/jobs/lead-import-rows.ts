import {
  isStorableText,
  LEAD_IMPORT_FIELD_LABELS as IMPORT_FIELD_LABELS,
  LEAD_IMPORT_FIELDS,
  type LeadImportField,
  leadInputSchema,
  UNSTORABLE_TEXT_MESSAGE_RU,
} from '@crm/shared/schemas';
import type { RejectedImportRow } from '../db/schema/lead-import-jobs';
import { decodeCsv, parseCsv } from '../lib/csv';
import { prepareLeadFields, STATUS_NOT_FOUND, USER_INACTIVE, USER_NOT_FOUND } from '../lib/lead-fields';
import type { ImportedLead } from '../repositories/lead-import-repository';

// What an import checks in each row, with no database and no Fastify: it runs in the import's worker thread
// (lead-import-worker.ts) as well as in tests.

/** What an import row refers to by column index. */
export type ImportColumns = Partial<Record<LeadImportField, number>>;

export interface ImportLookups {
  statusByName: Map<string, number>;
  userByEmail: Map<string, number>;
  /** Ids of deactivated users: a row naming one is rejected, as the form refuses them. */
  inactiveUserIds?: Set<number>;
  /** First status in display order: new leads get it when the file has no status column. */
  defaultStatusId: number | null;
}

/** Form field names (the schema's issue paths) → the import's field labels. */
const LABEL_OF_FORM_FIELD: Record<string, string> = {
  surname: IMPORT_FIELD_LABELS.surname,
  firstname: IMPORT_FIELD_LABELS.firstname,
  patronymic: IMPORT_FIELD_LABELS.patronymic,
  phone: IMPORT_FIELD_LABELS.phone,
  status_id: IMPORT_FIELD_LABELS.status,
  users: IMPORT_FIELD_LABELS.users,
  additional_info: IMPORT_FIELD_LABELS.additional_info,
};

export const lowerKey = (value: string) => value.trim().toLowerCase();

/**
 * One CSV row checked exactly as the form checks a lead — the same zod schema, then the phone (libphonenumber-js)
 * and the sanitised notes — with the status looked up by name and the users by e-mail. Errors read 'Телефон: …'. A cell
 * holding a NUL rejects the row with that reason.
 */
export function validateImportRow(
  cells: string[],
  columns: ImportColumns,
  lookups: ImportLookups,
): { lead: ImportedLead; errors: [] } | { lead: null; errors: string[] } {
  const cell = (field: LeadImportField) => (columns[field] === undefined ? undefined : (cells[columns[field]] ?? '').trim());
  // A cell the database cannot store (a NUL) rejects its row here, with its column named, rather than failing the batch.
  const unstorable = LEAD_IMPORT_FIELDS.filter((field) => !isStorableText(cell(field) ?? ''));
  if (unstorable.length > 0) return { lead: null, errors: unstorable.map((field) => `${IMPORT_FIELD_LABELS[field]}: ${UNSTORABLE_TEXT_MESSAGE_RU}`) };
  const errors: string[] = [];

  let statusId: number | undefined;
  const statusName = cell('status');
  if (statusName !== undefined && statusName !== '') {
    statusId = lookups.statusByName.get(lowerKey(statusName));
    if (statusId === undefined) errors.push(`${IMPORT_FIELD_LABELS.status}: ${STATUS_NOT_FOUND} («${statusName}»)`);
  }

  let userIds: number[] | undefined;
  const emails = cell('users');
  if (emails !== undefined) {
    userIds = [];
    for (const email of emails.split(/[;,\s]+/).filter(Boolean)) {
      const id = lookups.userByEmail.get(lowerKey(email));
      if (id === undefined) errors.push(`${IMPORT_FIELD_LABELS.users}: ${USER_NOT_FOUND} (${email})`);
      else if (lookups.inactiveUserIds?.has(id)) errors.push(`${IMPORT_FIELD_LABELS.users}: ${USER_INACTIVE} (${email})`);
      else userIds.push(id);
    }
  }

  // The status the form would receive: the mapped one, the default for files without the column, or nothing (an
  // empty cell), which the schema refuses with the form's own message. A status already refused above is not repeated.
  const formStatus = statusName === undefined ? lookups.defaultStatusId : statusName === '' ? undefined : (statusId ?? lookups.defaultStatusId);
  const parsed = leadInputSchema.safeParse({
    surname: cell('surname') ?? '',
    firstname: cell('firstname') ?? '',
    patronymic: cell('patronymic') ?? '',
    phone: cell('phone') ?? '',
    status_id: formStatus ?? undefined,
    users: userIds ?? [],
    additional_info: cell('additional_info') ?? '',
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors.push(`${LABEL_OF_FORM_FIELD[field] ?? field}: ${issue.message}`);
    }
    return { lead: null, errors };
  }

  const { fields, errors: fieldErrors } = prepareLeadFields(parsed.data);
  if (fieldErrors.phone) errors.push(`${IMPORT_FIELD_LABELS.phone}: ${fieldErrors.phone[0]}`);
  if (errors.length > 0) return { lead: null, errors };
  return {
    errors: [],
    lead: {
      surname: fields.surname,
      firstname: fields.firstname,
      phone: fields.phone,
      phoneNormalized: fields.phoneNormalized,
      patronymic: columns.patronymic === undefined ? undefined : fields.patronymic,
      statusId,
      additionalInfo: columns.additional_info === undefined ? undefined : fields.additionalInfo,
      users: userIds === undefined ? undefined : fields.users,
    },
  };
}

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as jsonb can hold it: PostgreSQL refuses NUL and unpaired surrogates there, and a rejected row keeps the
 * very cells that were rejected (perhaps for holding one). They become U+FFFD in the report.
 */
export function storableText(value: string): string {
  return value.replaceAll('\u0000', '\uFFFD').replace(UNPAIRED_SURROGATE, '\uFFFD');
}

/** What the job hands the worker (structured-cloned: Maps and Sets survive). */
export interface ImportWorkerInput {
  mode: 'check';
  file: Uint8Array;
  columns: ImportColumns;
  lookups: ImportLookups;
  /** Rows already written by an earlier attempt: they are skipped, not checked again. */
  from: number;
  batchSize: number;
}

/** One batch of checked rows, in file order. */
export interface ImportWorkerBatch {
  type: 'batch';
  /** Index of the batch's first row among the file's data rows. */
  start: number;
  /** Record numbers of its first and last rows (the header is record 1). */
  firstLine: number;
  lastLine: number;
  rows: number;
  valid: ImportedLead[];
  rejected: RejectedImportRow[];
}

/** What an upload asks of a file before it becomes a job: its headers, first rows and number of data rows. */
export interface InspectCsvInput {
  mode: 'inspect';
  file: Uint8Array;
  previewRows: number;
}

export interface InspectedCsv {
  type: 'inspected';
  headers: string[];
  preview: string[][];
  total: number;
}

export type ImportWorkerMessage = { type: 'parsed'; total: number } | ImportWorkerBatch | InspectedCsv | { type: 'end' };

const parseFile = (file: Uint8Array) => parseCsv(decodeCsv(Buffer.from(file.buffer, file.byteOffset, file.byteLength)));

/**
 * The rows of a file checked one batch at a time, as messages: its row count, then each batch in file order, then the
 * end. The worker thread (lead-import-worker.ts) posts them as fast as it makes them.
 */
export function* checkRows(input: ImportWorkerInput): Generator<ImportWorkerMessage, void> {
  const { rows } = parseFile(input.file);
  yield { type: 'parsed', total: rows.length };
  for (let start = input.from; start < rows.length; start += input.batchSize) {
    const batch = rows.slice(start, start + input.batchSize);
    const valid: ImportedLead[] = [];
    const rejected: RejectedImportRow[] = [];
    for (const row of batch) {
      const result = validateImportRow(row.cells, input.columns, input.lookups);
      if (result.lead) valid.push(result.lead);
      else rejected.push({ line: row.line, values: row.cells.map(storableText), errors: result.errors.map(storableText) });
    }
    yield { type: 'batch', start, firstLine: batch[0].line, lastLine: batch.at(-1)!.line, rows: batch.length, valid, rejected };
  }
  yield { type: 'end' };
}

/** Headers, the first `previewRows` data rows (cells as the file has them) and the number of data rows. */
export function inspectCsv(file: Uint8Array, previewRows: number): InspectedCsv {
  const { headers, rows } = parseFile(file);
  return { type: 'inspected', headers, preview: rows.slice(0, previewRows).map((r) => r.cells), total: rows.length };
}
