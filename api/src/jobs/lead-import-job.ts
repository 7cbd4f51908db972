import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { postgresErrorCode } from '../db/errors';
import type { RejectedImportRow } from '../db/schema/lead-import-jobs';
import {
  type ImportCounts,
  type ImportedLead,
  ImportFileMissingError,
  ImportSupersededError,
  type LeadImportRepository,
} from '../repositories/lead-import-repository';
import { PermanentJobError } from './job-queue';
import {
  type ImportLookups,
  type ImportWorkerInput,
  type ImportWorkerMessage,
  type InspectCsvInput,
  type InspectedCsv,
  inspectCsv,
  lowerKey,
} from './lead-import-rows';

export { type ImportColumns, type ImportLookups, storableText, validateImportRow } from './lead-import-rows';

declare module './job-queue' {
  interface JobDataByName {
    'lead-import': { jobId: number };
  }
}

export const LEAD_IMPORT_QUEUE = 'lead-import';
export const leadImportJobDataSchema = z.object({ jobId: z.number().int().positive() });

/** Rows per worker message, and the smallest group written in one transaction. */
export const IMPORT_BATCH = 1_000;
/** Most rows per transaction. */
export const IMPORT_WRITE_ROWS = 10_000;

/**
 * Rows per transaction: up to IMPORT_WRITE_ROWS, but no more than a tenth of the file (in whole
 * batches, at least one), so the progress a client polls still moves in about ten steps or more.
 */
export const writeGroupRows = (total: number) =>
  Math.max(IMPORT_BATCH, Math.min(IMPORT_WRITE_ROWS, Math.floor(total / 10 / IMPORT_BATCH) * IMPORT_BATCH));
/** Up to this many visible leads, their phones are read once for duplicate detection instead of per batch. */
export const PHONE_PRELOAD_LIMIT = 250_000;

/**
 * The worker thread that parses and checks the file: the .ts source under tsx (dev, tests, benches), the bundled
 * dist/lead-import-worker.js next to dist/server.js in production (api/build.mjs).
 */
export const LEAD_IMPORT_WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './lead-import-worker.ts' : './lead-import-worker.js', import.meta.url);

/** tsx's loader, for a worker started from the TypeScript source; unused once bundled. */
const TSX_API = import.meta.url.endsWith('.ts') ? import.meta.resolve('tsx/esm/api') : '';

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** SQLSTATE classes the same rows would hit again on every attempt: data exceptions and integrity violations. */
const PERMANENT_SQLSTATE_CLASSES = new Set(['22', '23']);

export const IMPORT_FAILED_MESSAGE = 'Импорт прервался из-за ошибки сервера; загруженные строки сохранены.';
/** The worker thread that checks the file failed (threw, ran out of memory, exited): the same file would fail again. */
export const IMPORT_WORKER_FAILED_MESSAGE = 'Не удалось прочитать и проверить строки файла; импорт остановлен, загруженные строки сохранены.';
const rowsRefused = (first: number, last: number) =>
  `База данных не приняла строки ${first}–${last}; импорт остановлен, строки до них сохранены.`;

/** A new lead of the file: its id once its batch is written. */
type Pending = { lead: ImportedLead; leadId?: number };
/** Where an earlier row of the file went: a lead that exists (id), or a new lead not yet written. */
type Target = { leadId: number } | { pending: Pending };
const awaitsWrite = (target: Target | undefined) => target !== undefined && 'pending' in target && target.pending.leadId === undefined;

/** One worker batch as the job sorted it, waiting to be written with the next ones of its group. */
interface WorkerBatch {
  start: number;
  firstLine: number;
  lastLine: number;
  pending: Pending[];
  updates: Map<number, ImportedLead>;
  counts: ImportCounts;
  rejectedRows: RejectedImportRow[];
}

export interface LeadImportRunOptions {
  repository: LeadImportRepository;
  log: FastifyBaseLogger;
  /** Aborted when this worker must stop; the job then resumes elsewhere from the last written batch. */
  signal: AbortSignal;
  /** Defaults to PHONE_PRELOAD_LIMIT; tests lower it to take the per-batch path. */
  phonePreloadLimit?: number;
  /** The worker script that parses and checks the file; tests point it at one that fails. */
  workerUrl?: URL;
  /** Rows per transaction; defaults to {@link writeGroupRows} of the file. Tests lower it. */
  groupRows?: number;
  /**
   * After the last batch, instead of the repository's `complete`: turns the job done together with what follows from
   * it (the importer's notification, the new responsible users'), in one transaction. It is told who imported, and
   * how many leads this run made each other user responsible for (a run resumed after a crash counts only its own
   * batches).
   */
  onFinished?: (result: { jobId: number; importerId: number; assigned: Map<number, number> }) => Promise<void>;
}

/**
 * Runs an import job, or resumes it after the last batch an earlier attempt wrote: validates each row, sorts valid
 * rows into new leads, updates and skips by normalised phone (existing leads the importer can see, and earlier rows
 * of the same file), and writes them with COPY in transactions of whole 1,000-row batches (up to IMPORT_WRITE_ROWS,
 * decision 035) together with the job's counts, its rejected rows and its position in the file. So
 * the counts always match the database, a crash loses at most the write in flight (which the next attempt writes),
 * and two workers can never both write the same rows.
 *
 * Throws to have the job retried; a {@link PermanentJobError} when the database refuses the rows themselves.
 */
export async function runLeadImport(jobId: number, options: LeadImportRunOptions): Promise<void> {
  const { repository, log, signal } = options;
  const job = await repository.claim(jobId).catch((error: unknown) => {
    // The upload's file was kept on disk and is gone: no attempt could run it.
    throw error instanceof ImportFileMissingError ? new PermanentJobError(IMPORT_FAILED_MESSAGE, { cause: error }) : error;
  });
  if (!job) return;
  const started = performance.now();

  const found = await repository.lookups();
  const lookups: ImportLookups = {
    statusByName: new Map(found.statuses.map((s) => [lowerKey(s.name), s.id])),
    userByEmail: new Map(found.users.map((u) => [lowerKey(u.email), u.id])),
    inactiveUserIds: new Set(found.users.filter((u) => !u.active).map((u) => u.id)),
    defaultStatusId: found.statuses[0]?.id ?? null,
  };
  // The worker parses and checks the file while this thread reads the phones below and then writes each batch.
  const input: ImportWorkerInput = { mode: 'check', file: job.file, columns: job.columns, lookups, from: job.processed, batchSize: IMPORT_BATCH };
  const checked = openImportWorker(input, options.workerUrl ?? LEAD_IMPORT_WORKER_URL, signal);
  try {
    // Leads written by an earlier attempt are in the database by now, so they are found like any existing lead.
    const seen = new Map<string, Target>();
    const known =
      job.onDuplicate === 'create'
        ? new Map<string, number>()
        : await repository.visiblePhones(job.viewer, options.phonePreloadLimit ?? PHONE_PRELOAD_LIMIT);

    const assigned = new Map<number, number>();
    const groupRows = options.groupRows ?? writeGroupRows(job.total);
    let group: WorkerBatch[] = [];
    /** Leads the importer can see with the phones of the batch being sorted. */
    let existing = new Map<string, number>();

    /** Sorts one batch of valid rows into new leads, updates and skips, in file order (decision 011). */
    const sort = (message: Extract<ImportWorkerMessage, { type: 'batch' }>): WorkerBatch => {
      const { valid, rejected: rejectedRows } = message;
      const counts: ImportCounts = { processed: message.rows, created: 0, updated: 0, skipped: 0, rejected: rejectedRows.length };
      const inserts: Pending[] = [];
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
      return { start: message.start, firstLine: message.firstLine, lastLine: message.lastLine, pending: inserts, updates, counts, rejectedRows };
    };
    /** After a write: the new leads' ids (later rows of the file may update them) and whom the rows made responsible. */
    const written = (batch: WorkerBatch, ids: number[]) => {
      batch.pending.forEach((pending, i) => (pending.leadId = ids[i]));
      for (const lead of [...batch.pending.map((p) => p.lead), ...batch.updates.values()]) {
        for (const userId of lead.users ?? []) if (userId !== job.viewer.id) assigned.set(userId, (assigned.get(userId) ?? 0) + 1);
      }
    };
    /** A refused write: the same rows would be refused again, so the job fails naming them; anything else is retried. */
    const refused = (error: unknown, batches: WorkerBatch[]) => {
      const code = postgresErrorCode(error);
      if (code && PERMANENT_SQLSTATE_CLASSES.has(code.slice(0, 2))) {
        return new PermanentJobError(rowsRefused(batches[0].firstLine, batches.at(-1)!.lastLine), { cause: error });
      }
      return error;
    };
    /** Writes batches in one transaction; false when another worker moved the job on (this one then stops). */
    const write = async (batches: WorkerBatch[]): Promise<boolean> => {
      try {
        const ids = await repository.writeBatches({
          batches: batches.map((b) => ({ inserts: b.pending.map((p) => p.lead), updates: b.updates, counts: b.counts, rejectedRows: b.rejectedRows })),
          jobId,
          from: batches[0].start,
          actorId: job.viewer.id,
          defaultStatusId: lookups.defaultStatusId,
        });
        batches.forEach((batch, i) => written(batch, ids[i]));
        return true;
      } catch (error) {
        if (error instanceof ImportSupersededError) {
          log.warn({ jobId }, 'Another worker moved this import on; stopping here');
          return false;
        }
        const failure = refused(error, batches);
        // A group the database refused is written again one batch at a time, so the batches before the bad rows are
        // kept and the error names the 1,000 rows that hold them, as with one transaction per batch.
        if (failure instanceof PermanentJobError && batches.length > 1) {
          for (const batch of batches) if (!(await write([batch]))) return false;
          return true;
        }
        throw failure;
      }
    };
    /** Writes the rows gathered so far; false when this worker must stop. */
    const flush = async (): Promise<boolean> => {
      const batches = group;
      group = [];
      return batches.length === 0 || write(batches);
    };

    let total = 0;
    for (let message = await checked.next(); message.type !== 'end'; message = await checked.next()) {
      if (message.type === 'parsed') {
        total = message.total;
        continue;
      }
      if (message.type !== 'batch') throw new Error(`Unexpected message from the import worker: ${message.type}`);
      // PGlite answers without real I/O, so without this the job would hold the event loop until it ends: no
      // progress polls, not even the 202 of the upload that started it.
      await yieldToEventLoop();
      if (signal.aborted) throw abortReason(signal);
      // A row that updates a new lead of a batch not yet written needs that lead's id: the batches before go first.
      if (job.onDuplicate === 'update' && group.length > 0 && message.valid.some((lead) => awaitsWrite(seen.get(lead.phoneNormalized)))) {
        if (!(await flush())) return;
      }
      const unseen = () => [...new Set(message.valid.map((l) => l.phoneNormalized).filter((phone) => !seen.has(phone)))];
      existing = known ?? (await repository.existingByPhone(unseen(), job.viewer));
      group.push(sort(message));
      if (group.reduce((rows, b) => rows + b.counts.processed, 0) >= groupRows && !(await flush())) return;
    }
    if (!(await flush())) return;

    try {
      if (options.onFinished) await options.onFinished({ jobId, importerId: job.viewer.id, assigned });
      else await repository.complete(jobId);
      log.info({ jobId, rows: total, resumedAt: job.processed, ms: Math.round(performance.now() - started) }, 'Lead import finished');
    } finally {
      // A file left behind only takes room: the job is done either way.
      await repository.dropFile(jobId).catch((error: unknown) => log.warn({ err: error, jobId }, 'Could not remove the import file'));
    }
  } finally {
    await checked.close();
  }
}

const abortReason = (signal: AbortSignal) => (signal.reason instanceof Error ? signal.reason : new Error('Stopped'));

/**
 * Starts the worker thread on a file and answers its messages one at a time, in order. A worker that throws or exits
 * before its last message fails the import with {@link IMPORT_WORKER_FAILED_MESSAGE} (not retried: the same file
 * would fail the same way); an abort stops the wait with the signal's reason. `close` ends the thread.
 */
export function openImportWorker(input: ImportWorkerInput | InspectCsvInput, url: URL, signal: AbortSignal) {
  const worker = url.pathname.endsWith('.ts')
    ? // Under tsx (dev, tests, benches) a worker does not inherit its loader: it registers tsx, then loads the source.
      new Worker(`import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`, {
        eval: true,
        workerData: input,
      })
    : new Worker(url, { workerData: input });
  const queue: ImportWorkerMessage[] = [];
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  worker.on('message', (message: ImportWorkerMessage) => {
    queue.push(message);
    notify();
  });
  worker.on('error', (error) => {
    failure ??= error;
    notify();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`The import worker exited with code ${code} before its last message`);
    notify();
  });
  signal.addEventListener('abort', notify, { once: true });
  return {
    async next(): Promise<ImportWorkerMessage> {
      for (;;) {
        if (signal.aborted) throw abortReason(signal);
        const message = queue.shift();
        if (message) return message;
        if (failure) throw new PermanentJobError(IMPORT_WORKER_FAILED_MESSAGE, { cause: failure });
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async close(): Promise<void> {
      signal.removeEventListener('abort', notify);
      await worker.terminate();
    },
  };
}

/** Files up to this size are parsed on the request's own thread: a worker costs more to start than they take. */
export const INLINE_PARSE_BYTES = 1024 * 1024;

/**
 * An upload's headers, first rows and row count, for the preview and for the job's total. Larger files are parsed in
 * the worker thread, so a 50 MB upload does not stop the API answering for the second it takes.
 */
export async function inspectUpload(file: Uint8Array, previewRows: number, url: URL = LEAD_IMPORT_WORKER_URL): Promise<InspectedCsv> {
  if (file.byteLength <= INLINE_PARSE_BYTES) return inspectCsv(file, previewRows);
  const worker = openImportWorker({ mode: 'inspect', file, previewRows }, url, new AbortController().signal);
  try {
    const message = await worker.next();
    if (message.type !== 'inspected') throw new Error(`Unexpected message from the import worker: ${message.type}`);
    return message;
  } finally {
    await worker.close();
  }
}
