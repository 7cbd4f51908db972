import type { FastifyBaseLogger } from 'fastify';
import { type DuplicateMode, isStorableText, LEAD_IMPORT_FIELDS, type LeadImportField, leadInputSchema, UNSTORABLE_TEXT_MESSAGE_RU } from '@crm/shared/schemas';
import type { RejectedImportRow } from '../db/schema/lead-import-jobs';
import type { ParsedCsv } from '../lib/csv';
import { IMPORT_FIELD_LABELS } from '../lib/lead-import-mapping';
import { prepareLeadFields, STATUS_NOT_FOUND, USER_NOT_FOUND } from '../lib/lead-fields';
import type { ImportCounts, ImportedLead, LeadImportRepository } from '../repositories/lead-import-repository';
import type { LeadViewer } from '../repositories/lead-scope';

/** Rows per transaction (and per multi-row INSERT). */
export const IMPORT_BATCH = 1_000;
/** Up to this many visible leads, their phones are read once for duplicate detection instead of per batch. */
export const PHONE_PRELOAD_LIMIT = 250_000;

export interface LeadImportTask {
  jobId: number;
  rows: ParsedCsv['rows'];
  columns: Partial<Record<LeadImportField, number>>;
  onDuplicate: DuplicateMode;
  viewer: LeadViewer;
  /** Defaults to PHONE_PRELOAD_LIMIT; tests lower it to take the per-batch path. */
  phonePreloadLimit?: number;
}

export interface ImportLookups {
  statusByName: Map<string, number>;
  userByEmail: Map<string, number>;
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
  columns: LeadImportTask['columns'],
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

/** Where an earlier row of the file went: a lead that exists (id), or a new lead of the batch still being built. */
type Target = { leadId: number } | { pending: { lead: ImportedLead; leadId?: number } };

/**
 * Runs an import job to the end: validates each row, sorts valid rows into new leads, updates and skips by
 * normalised phone (existing leads the importer can see, and earlier rows of the same file), writes each batch of
 * 1,000 rows in one transaction, and saves progress after each. Rejected rows are kept with their reasons for the
 * report. Never throws: a failure marks the job failed.
 */
export async function runLeadImport(
  task: LeadImportTask,
  deps: { repository: LeadImportRepository; log: FastifyBaseLogger; signal: AbortSignal },
): Promise<void> {
  const { repository, log, signal } = deps;
  const counts: ImportCounts = { processed: 0, created: 0, updated: 0, skipped: 0, rejected: 0 };
  const rejectedRows: RejectedImportRow[] = [];
  const started = performance.now();
  try {
    const found = await repository.lookups();
    const lookups: ImportLookups = {
      statusByName: new Map(found.statuses.map((s) => [lowerKey(s.name), s.id])),
      userByEmail: new Map(found.users.map((u) => [lowerKey(u.email), u.id])),
      defaultStatusId: found.statuses[0]?.id ?? null,
    };
    const seen = new Map<string, Target>();
    const known = task.onDuplicate === 'create' ? new Map<string, number>() : await repository.visiblePhones(task.viewer, task.phonePreloadLimit ?? PHONE_PRELOAD_LIMIT);

    for (let start = 0; start < task.rows.length; start += IMPORT_BATCH) {
      // PGlite answers without real I/O, so without this the job would hold the event loop until it ends: no
      // progress polls, not even the 202 of the upload that started it.
      await yieldToEventLoop();
      if (signal.aborted) throw new Error('The server is shutting down');
      const batch = task.rows.slice(start, start + IMPORT_BATCH);
      const valid: ImportedLead[] = [];
      for (const row of batch) {
        const result = validateImportRow(row.cells, task.columns, lookups);
        if (result.lead) valid.push(result.lead);
        else rejectedRows.push({ line: row.line, values: row.cells, errors: result.errors });
      }
      counts.rejected = rejectedRows.length;

      const unseen = () => [...new Set(valid.map((l) => l.phoneNormalized).filter((phone) => !seen.has(phone)))];
      const existing = known ?? (await repository.existingByPhone(unseen(), task.viewer));

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
        if (!target || task.onDuplicate === 'create') {
          const pending = { lead };
          inserts.push(pending);
          if (!target) seen.set(key, { pending });
          counts.created++;
        } else if (task.onDuplicate === 'skip') {
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

      const ids = await repository.writeBatch({
        inserts: inserts.map((p) => p.lead),
        updates,
        actorId: task.viewer.id,
        defaultStatusId: lookups.defaultStatusId,
      });
      inserts.forEach((pending, i) => (pending.leadId = ids[i]));
      counts.processed += batch.length;
      await repository.saveProgress(task.jobId, counts);
    }

    await repository.finish(task.jobId, { status: 'done', counts, rejectedRows });
    log.info({ jobId: task.jobId, ...counts, ms: Math.round(performance.now() - started) }, 'Lead import finished');
  } catch (error) {
    log.error({ err: error, jobId: task.jobId }, 'Lead import failed');
    await repository
      .finish(task.jobId, { status: 'failed', counts, rejectedRows, error: 'Импорт прервался из-за ошибки сервера; загруженные строки сохранены.' })
      .catch((finishError: unknown) => log.error({ err: finishError, jobId: task.jobId }, 'Could not mark the import failed'));
  }
}
