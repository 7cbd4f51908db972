import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  isStorableText,
  LEAD_IMPORT_FIELD_LABELS as IMPORT_FIELD_LABELS,
  LEAD_IMPORT_FIELDS,
  type LeadImportField,
  leadInputSchema,
  UNSTORABLE_TEXT_MESSAGE_RU,
} from '@crm/shared/schemas';
import { postgresErrorCode } from '../db/errors';
import type { RejectedImportRow } from '../db/schema/lead-import-jobs';
import { decodeCsv, parseCsv } from '../lib/csv';
import { prepareLeadFields, STATUS_NOT_FOUND, USER_INACTIVE, USER_NOT_FOUND } from '../lib/lead-fields';
import {
  type ImportCounts,
  type ImportedLead,
  ImportSupersededError,
  type LeadImportRepository,
} from '../repositories/lead-import-repository';
import { PermanentJobError } from './job-queue';

declare module './job-queue' {
  interface JobDataByName {
    'lead-import': { jobId: number };
  }
}

export const LEAD_IMPORT_QUEUE = 'lead-import';
export const leadImportJobDataSchema = z.object({ jobId: z.number().int().positive() });

/** Rows per transaction (and per multi-row INSERT). */
export const IMPORT_BATCH = 1_000;
/** Up to this many visible leads, their phones are read once for duplicate detection instead of per batch. */
export const PHONE_PRELOAD_LIMIT = 250_000;

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

const lowerKey = (value: string) => value.trim().toLowerCase();

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

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as jsonb can hold it: PostgreSQL refuses NUL and unpaired surrogates there, and a rejected row keeps the
 * very cells that were rejected (perhaps for holding one). They become U+FFFD in the report.
 */
export function storableText(value: string): string {
  return value.replaceAll('\u0000', '\uFFFD').replace(UNPAIRED_SURROGATE, '\uFFFD');
}

/** SQLSTATE classes the same rows would hit again on every attempt: data exceptions and integrity violations. */
const PERMANENT_SQLSTATE_CLASSES = new Set(['22', '23']);

export const IMPORT_FAILED_MESSAGE = 'Импорт прервался из-за ошибки сервера; загруженные строки сохранены.';
const rowsRefused = (first: number, last: number) =>
  `База данных не приняла строки ${first}–${last}; импорт остановлен, строки до них сохранены.`;

/** Where an earlier row of the file went: a lead that exists (id), or a new lead of the batch still being built. */
type Target = { leadId: number } | { pending: { lead: ImportedLead; leadId?: number } };

export interface LeadImportRunOptions {
  repository: LeadImportRepository;
  log: FastifyBaseLogger;
  /** Aborted when this worker must stop; the job then resumes elsewhere from the last written batch. */
  signal: AbortSignal;
  /** Defaults to PHONE_PRELOAD_LIMIT; tests lower it to take the per-batch path. */
  phonePreloadLimit?: number;
  /**
   * After the last batch: who imported, and how many leads this run made each other user responsible for (a run
   * resumed after a crash counts only its own batches).
   */
  onFinished?: (result: { jobId: number; importerId: number; assigned: Map<number, number> }) => Promise<void>;
}

/**
 * Runs an import job, or resumes it after the last batch an earlier attempt wrote: validates each row, sorts valid
 * rows into new leads, updates and skips by normalised phone (existing leads the importer can see, and earlier rows
 * of the same file), and writes each batch of 1,000 rows in one transaction together with the job's counts, its
 * rejected rows and its position in the file. So the counts always match the database, a crash loses at most the
 * batch in flight (which the next attempt writes), and two workers can never both write a batch.
 *
 * Throws to have the job retried; a {@link PermanentJobError} when the database refuses the rows themselves.
 */
export async function runLeadImport(jobId: number, options: LeadImportRunOptions): Promise<void> {
  const { repository, log, signal } = options;
  const job = await repository.claim(jobId);
  if (!job) return;
  const started = performance.now();
  const { rows } = parseCsv(decodeCsv(Buffer.from(job.file)));

  const found = await repository.lookups();
  const lookups: ImportLookups = {
    statusByName: new Map(found.statuses.map((s) => [lowerKey(s.name), s.id])),
    userByEmail: new Map(found.users.map((u) => [lowerKey(u.email), u.id])),
    inactiveUserIds: new Set(found.users.filter((u) => !u.active).map((u) => u.id)),
    defaultStatusId: found.statuses[0]?.id ?? null,
  };
  // Leads written by an earlier attempt are in the database by now, so they are found like any existing lead.
  const seen = new Map<string, Target>();
  const known =
    job.onDuplicate === 'create'
      ? new Map<string, number>()
      : await repository.visiblePhones(job.viewer, options.phonePreloadLimit ?? PHONE_PRELOAD_LIMIT);

  const assigned = new Map<number, number>();
  for (let start = job.processed; start < rows.length; start += IMPORT_BATCH) {
    // PGlite answers without real I/O, so without this the job would hold the event loop until it ends: no
    // progress polls, not even the 202 of the upload that started it.
    await yieldToEventLoop();
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('Stopped');
    const batch = rows.slice(start, start + IMPORT_BATCH);
    const counts: ImportCounts = { processed: batch.length, created: 0, updated: 0, skipped: 0, rejected: 0 };
    const rejectedRows: RejectedImportRow[] = [];
    const valid: ImportedLead[] = [];
    for (const row of batch) {
      const result = validateImportRow(row.cells, job.columns, lookups);
      if (result.lead) valid.push(result.lead);
      else rejectedRows.push({ line: row.line, values: row.cells.map(storableText), errors: result.errors.map(storableText) });
    }
    counts.rejected = rejectedRows.length;

    const unseen = () => [...new Set(valid.map((l) => l.phoneNormalized).filter((phone) => !seen.has(phone)))];
    const existing = known ?? (await repository.existingByPhone(unseen(), job.viewer));

    const inserts: { lead: ImportedLead; leadId?: number }[] = [];
    const updates = new Map<number, ImportedLead>();
    for (const lead of valid) {
      const key = lead.phoneNormalized;
      const existingId = existing.get(key);
      let target = seen.get(key);
      if (!target && existingId !== undefined) {
        target = { leadId: existingId };
        seen.set(key, target);
      }
      if (!target || job.onDuplicate === 'create') {
        const pending = { lead };
        inserts.push(pending);
        if (!target) seen.set(key, { pending });
        counts.created++;
      } else if (job.onDuplicate === 'skip') {
        counts.skipped++;
      } else if ('leadId' in target) {
        updates.set(target.leadId, lead);
        counts.updated++;
      } else if (target.pending.leadId !== undefined) {
        updates.set(target.pending.leadId, lead);
        counts.updated++;
      } else {
        // The earlier row is a new lead of this very batch: it is written with the later row's values.
        target.pending.lead = lead;
        counts.updated++;
      }
    }

    let ids: number[];
    try {
      ids = await repository.writeBatch({
        inserts: inserts.map((p) => p.lead),
        updates,
        actorId: job.viewer.id,
        defaultStatusId: lookups.defaultStatusId,
        progress: { jobId, from: start, counts, rejectedRows },
      });
    } catch (error) {
      if (error instanceof ImportSupersededError) {
        log.warn({ jobId }, 'Another worker moved this import on; stopping here');
        return;
      }
      const code = postgresErrorCode(error);
      if (code && PERMANENT_SQLSTATE_CLASSES.has(code.slice(0, 2))) {
        throw new PermanentJobError(rowsRefused(batch[0].line, batch.at(-1)!.line), { cause: error });
      }
      throw error;
    }
    inserts.forEach((pending, i) => (pending.leadId = ids[i]));
    for (const lead of [...inserts.map((p) => p.lead), ...updates.values()]) {
      for (const userId of lead.users ?? []) if (userId !== job.viewer.id) assigned.set(userId, (assigned.get(userId) ?? 0) + 1);
    }
  }

  await repository.complete(jobId);
  log.info({ jobId, rows: rows.length, resumedAt: job.processed, ms: Math.round(performance.now() - started) }, 'Lead import finished');
  await options.onFinished?.({ jobId, importerId: job.viewer.id, assigned });
}
