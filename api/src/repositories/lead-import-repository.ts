import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DuplicateMode, LeadImportField, LeadImportJob } from '@crm/shared/schemas';
import type { BulkTransactions } from '../db/bulk-copy';
import { type Database, queryRows } from '../db/client';
import { AppError } from '../errors/app-error';
import { htmlToText } from '../lib/plain-text';
import type { FileStorage } from '../storage/file-storage';
import { storableJson } from '../db/storable-json';
import { leadImportJobs, type RejectedImportRow } from '../db/schema/lead-import-jobs';
import { leadStatuses } from '../db/schema/lead-statuses';
import { leadUsers } from '../db/schema/lead-users';
import { leads } from '../db/schema/leads';
import { roles } from '../db/schema/roles';
import { users } from '../db/schema/users';
import { diffFields, historyFields, type NewHistoryEntry, recordHistory } from './lead/lead-history-entries';
import { insertLeadUsers, responsibleIds } from './lead/lead-rows';
import type { LeadScopeHelper, LeadViewer } from './lead-scope';

/** A lead as an import row gives it. Fields whose column is not mapped are undefined: an update leaves them alone. */
export interface ImportedLead {
  surname: string;
  firstname: string;
  phone: string;
  phoneNormalized: string;
  patronymic?: string;
  statusId?: number;
  additionalInfo?: string;
  users?: number[];
}

export interface ImportCounts {
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  rejected: number;
}

/** What a worker needs to run (or resume) an import. */
export interface ClaimedImport {
  id: number;
  viewer: LeadViewer;
  onDuplicate: DuplicateMode;
  columns: Partial<Record<LeadImportField, number>>;
  file: Uint8Array;
  /** Rows of the file already written (by an earlier attempt): the run resumes after them. */
  processed: number;
  total: number;
}

/** The progress of one write, in the write's own transaction so the counts always match the rows. */
export interface BatchProgress {
  jobId: number;
  /** `processed` before this batch: the write goes through only if nobody else moved the job on meanwhile. */
  from: number;
  counts: ImportCounts;
  rejectedRows: RejectedImportRow[];
}

/** Another attempt (a worker that took over after this one's heartbeat stopped) already wrote this batch: this one stops. */
export class ImportSupersededError extends Error {
  constructor(jobId: number) {
    super(`Lead import ${jobId} was moved on by another worker`);
    this.name = 'ImportSupersededError';
  }
}

const jobColumns = {
  id: leadImportJobs.id,
  status: leadImportJobs.status,
  onDuplicate: leadImportJobs.onDuplicate,
  total: leadImportJobs.total,
  processed: leadImportJobs.processed,
  created: leadImportJobs.created,
  updated: leadImportJobs.updated,
  skipped: leadImportJobs.skipped,
  rejected: leadImportJobs.rejected,
  error: leadImportJobs.error,
  createdAt: leadImportJobs.createdAt,
  finishedAt: leadImportJobs.finishedAt,
};

type JobRow = Pick<typeof leadImportJobs.$inferSelect, keyof typeof jobColumns>;

function toJob(row: JobRow): LeadImportJob {
  return {
    id: row.id,
    status: row.status,
    on_duplicate: row.onDuplicate,
    total: row.total,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    rejected: row.rejected,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** One batch of the worker's rows, sorted by the job into new leads and updates, with its counts and rejected rows. */
export interface SortedBatch {
  inserts: ImportedLead[];
  updates: Map<number, ImportedLead>;
  counts: ImportCounts;
  rejectedRows: RejectedImportRow[];
}

/**
 * `has_responsible_user` is written with the lead (migration 0024), and `last_activity_at` needs nothing: `updated_at`
 * defaults to the same now() as the `imported` history rows. So the COPYs of responsible users and history change
 * nothing on the leads, and they tell the triggers so (`crm.lead_row_columns_written`), which then skip looking.
 */
const LEAD_COPY_COLUMNS = ['id', 'surname', 'firstname', 'patronymic', 'phone', 'phone_normalized', 'status_id', 'additional_info', 'created_by', 'has_responsible_user'] as const;

/** A job's uploaded file is gone from the file storage: the job cannot run. */
export class ImportFileMissingError extends Error {
  constructor(jobId: number, options?: ErrorOptions) {
    super(`The file of lead import ${jobId} is missing`, options);
    this.name = 'ImportFileMissingError';
  }
}

export interface LeadImportStorage {
  /** COPY in transactions on the app's own connection. */
  bulk: BulkTransactions;
  /**
   * Where uploaded files wait for their job (docs/decisions/055): the app's file storage, local disk or S3, so a
   * worker on any instance that shares it can run the job. One object per job, removed when the job ends.
   */
  files: FileStorage;
  /**
   * Where embedded PGlite kept waiting files before they moved to the file storage (`DATA_DIR/lead-imports/<job>.csv`):
   * still read there, so a job that was waiting at the upgrade runs.
   */
  legacyFileDir?: string;
}

/**
 * The storage key of a job's waiting file: derived from the job's id and creation time, so no column holds it, and two
 * databases that ever share a bucket (a restored backup, a second environment) do not name the same object.
 */
export function importFileKey(job: { id: number; createdAt: Date }): string {
  return createHash('sha256').update(`lead-import:${job.id}:${job.createdAt.getTime()}`).digest('hex').slice(0, 32);
}

export function createLeadImportRepository(db: Database, scope: LeadScopeHelper, storage: LeadImportStorage) {
  const { bulk, files, legacyFileDir } = storage;
  const legacyPath = (id: number) => path.join(legacyFileDir!, `${id}.csv`);

  /** The job's waiting file, wherever it is: its row (PostgreSQL before decision 055), the storage, the old folder. */
  async function readFileOf(job: { id: number; createdAt: Date; file: Uint8Array | null }): Promise<Uint8Array> {
    if (job.file) return job.file;
    try {
      return Buffer.concat(await (await files.get(importFileKey(job))).toArray());
    } catch (error) {
      // Only a missing object makes the job impossible; a storage that does not answer fails this attempt alone.
      if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
      if (legacyFileDir) {
        const legacy = await readFile(legacyPath(job.id)).catch(() => undefined);
        if (legacy) return legacy;
      }
      throw new ImportFileMissingError(job.id, { cause: error });
    }
  }

  /** Removes the job's waiting file once the job has ended. */
  async function dropFile(id: number): Promise<void> {
    const [row] = await db.select({ id: leadImportJobs.id, createdAt: leadImportJobs.createdAt }).from(leadImportJobs).where(eq(leadImportJobs.id, id));
    if (row) await files.delete(importFileKey(row));
    if (legacyFileDir) await rm(legacyPath(id), { force: true });
  }

  /**
   * Moves the job on by one write's rows, counts and rejected rows, only from the position this worker read: if
   * another worker moved the job on meanwhile, nothing is written and {@link ImportSupersededError} is thrown.
   */
  async function advance(tx: Database, { jobId, from, counts, rejectedRows }: BatchProgress): Promise<void> {
    const moved = await tx
      .update(leadImportJobs)
      .set({
        processed: sql`${leadImportJobs.processed} + ${counts.processed}`,
        created: sql`${leadImportJobs.created} + ${counts.created}`,
        updated: sql`${leadImportJobs.updated} + ${counts.updated}`,
        skipped: sql`${leadImportJobs.skipped} + ${counts.skipped}`,
        rejected: sql`${leadImportJobs.rejected} + ${counts.rejected}`,
        rejectedRows: sql`${leadImportJobs.rejectedRows} || ${JSON.stringify(storableJson(rejectedRows))}::jsonb`,
      })
      .where(and(eq(leadImportJobs.id, jobId), eq(leadImportJobs.status, 'running'), eq(leadImportJobs.processed, from)))
      .returning({ id: leadImportJobs.id });
    if (moved.length === 0) throw new ImportSupersededError(jobId);
  }

  /** Changes existing leads with one UPDATE … FROM unnest(…); a null column means "not mapped, keep the value". */
  async function updateLeads(tx: Database, updates: Map<number, ImportedLead>, actorId: number): Promise<NewHistoryEntry[]> {
    if (updates.size === 0) return [];
    const ids = [...updates.keys()];
    const current = await tx.select().from(leads).where(inArray(leads.id, ids));
    const currentUsers = await responsibleIds(tx, ids);
    const history: NewHistoryEntry[] = [];
    const changed: { id: number; lead: ImportedLead }[] = [];
    for (const row of current) {
      let lead = updates.get(row.id)!;
      // An exported file carries notes as plain text (docs/decisions/068): the same words keep the stored formatting.
      if (lead.additionalInfo !== undefined && htmlToText(lead.additionalInfo) === htmlToText(row.additionalInfo)) {
        lead = { ...lead, additionalInfo: undefined };
      }
      const before = historyFields(row, currentUsers.get(row.id) ?? []);
      const after = historyFields(
        {
          surname: lead.surname,
          firstname: lead.firstname,
          patronymic: lead.patronymic ?? row.patronymic,
          phone: lead.phone,
          statusId: lead.statusId ?? row.statusId,
          additionalInfo: lead.additionalInfo ?? row.additionalInfo,
        },
        lead.users ?? before.users,
      );
      const changes = diffFields(before, after);
      if (Object.keys(changes).length === 0) continue;
      changed.push({ id: row.id, lead });
      history.push({ leadId: row.id, userId: actorId, action: 'imported', changes });
    }
    if (changed.length === 0) return history;
    const column = <T>(pick: (lead: ImportedLead) => T) => sql.param(changed.map((c) => pick(c.lead)));
    await tx.execute(sql`update ${leads} as l set
        surname = v.surname, firstname = v.firstname, phone = v.phone, phone_normalized = v.phone_normalized,
        patronymic = coalesce(v.patronymic, l.patronymic), status_id = coalesce(v.status_id, l.status_id),
        additional_info = coalesce(v.additional_info, l.additional_info),
        version = l.version + 1, updated_at = now(), updated_by = ${actorId}
      from unnest(
        ${sql.param(changed.map((c) => c.id))}::int[], ${column((l) => l.surname)}::text[], ${column((l) => l.firstname)}::text[],
        ${column((l) => l.phone)}::text[], ${column((l) => l.phoneNormalized)}::text[], ${column((l) => l.patronymic ?? null)}::text[],
        ${column((l) => l.statusId ?? null)}::int[], ${column((l) => l.additionalInfo ?? null)}::text[]
      ) as v(id, surname, firstname, phone, phone_normalized, patronymic, status_id, additional_info)
      where l.id = v.id`);
    const withUsers = changed.filter((c) => c.lead.users !== undefined);
    if (withUsers.length > 0) {
      // The new links first, then the lead's others: a lead that keeps a responsible user never loses its
      // `has_responsible_user` on the way (setLeadUsers in lead-rows.ts).
      const links = withUsers.flatMap((c) => c.lead.users!.map((userId) => ({ leadId: c.id, userId })));
      await insertLeadUsers(tx, links);
      await tx.execute(sql`delete from ${leadUsers} lu
        where lu.lead_id = any(${sql.param(withUsers.map((c) => c.id))}::int[])
          and (lu.lead_id, lu.user_id) not in (select * from unnest(${sql.param(links.map((l) => l.leadId))}::int[], ${sql.param(links.map((l) => l.userId))}::int[]))`);
    }
    return history;
  }

  return {
    /** A job waiting for a worker; the file is kept with it until the job ends. */
    async createJob(input: {
      createdBy: number;
      onDuplicate: DuplicateMode;
      fileName: string;
      headers: string[];
      total: number;
      file: Uint8Array;
      columns: Partial<Record<LeadImportField, number>>;
    }): Promise<LeadImportJob> {
      const [row] = await db
        .insert(leadImportJobs)
        .values({ ...input, file: null, status: 'pending' })
        .returning(jobColumns);
      try {
        // A failed put leaves no object behind (FileStorage.put); the job goes too, so nothing waits for a file.
        await files.put(importFileKey(row), Readable.from([Buffer.from(input.file.buffer, input.file.byteOffset, input.file.byteLength)]));
      } catch (error) {
        await db.delete(leadImportJobs).where(eq(leadImportJobs.id, row.id));
        throw error;
      }
      return toJob(row);
    },

    /** A job is its importer's: anyone else gets undefined (404). */
    async findJob(id: number, userId: number): Promise<LeadImportJob | undefined> {
      const [row] = await db
        .select(jobColumns)
        .from(leadImportJobs)
        .where(and(eq(leadImportJobs.id, id), eq(leadImportJobs.createdBy, userId)));
      return row ? toJob(row) : undefined;
    },

    /** Whether the user has an import waiting or running (uses the created_by index). */
    async hasUnfinishedJob(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: leadImportJobs.id })
        .from(leadImportJobs)
        .where(and(eq(leadImportJobs.createdBy, userId), inArray(leadImportJobs.status, ['pending', 'running'])))
        .limit(1);
      return row !== undefined;
    },

    /** Any job with its importer, for what the worker announces when it ends. */
    async findJobById(id: number): Promise<(LeadImportJob & { createdBy: number }) | undefined> {
      const [row] = await db
        .select({ ...jobColumns, createdBy: leadImportJobs.createdBy })
        .from(leadImportJobs)
        .where(eq(leadImportJobs.id, id));
      return row ? { ...toJob(row), createdBy: row.createdBy } : undefined;
    },

    async findReport(id: number, userId: number): Promise<{ headers: string[]; rows: RejectedImportRow[] } | undefined> {
      const [row] = await db
        .select({ headers: leadImportJobs.headers, rows: leadImportJobs.rejectedRows })
        .from(leadImportJobs)
        .where(and(eq(leadImportJobs.id, id), eq(leadImportJobs.createdBy, userId)));
      return row;
    },

    /**
     * Marks a job running and answers what a worker needs to run it, with the importer's current lead scope; undefined
     * when it has ended (done or failed) or its importer was deleted, so a late retry does nothing.
     */
    async claim(id: number): Promise<ClaimedImport | undefined> {
      const [row] = await db
        .update(leadImportJobs)
        .set({ status: 'running' })
        .where(and(eq(leadImportJobs.id, id), inArray(leadImportJobs.status, ['pending', 'running'])))
        .returning({
          id: leadImportJobs.id,
          createdBy: leadImportJobs.createdBy,
          onDuplicate: leadImportJobs.onDuplicate,
          columns: leadImportJobs.columns,
          file: leadImportJobs.file,
          processed: leadImportJobs.processed,
          total: leadImportJobs.total,
          createdAt: leadImportJobs.createdAt,
        });
      if (!row) return undefined;
      const file = await readFileOf(row);
      const [owner] = await db
        .select({ leadScope: roles.leadScope })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.id, row.createdBy));
      if (!owner) return undefined;
      return {
        id: row.id,
        viewer: { id: row.createdBy, leadScope: owner.leadScope },
        onDuplicate: row.onDuplicate,
        columns: row.columns,
        file,
        processed: row.processed,
        total: row.total,
      };
    },

    /**
     * The end of a run: every row was written; the counts are already those of the rows. The waiting file goes with
     * {@link dropFile} once the end is announced, so nothing the storage does delays the announcement.
     */
    async complete(id: number): Promise<boolean> {
      const done = await db
        .update(leadImportJobs)
        .set({ status: 'done', file: null, finishedAt: new Date() })
        .where(and(eq(leadImportJobs.id, id), eq(leadImportJobs.status, 'running'), eq(leadImportJobs.processed, leadImportJobs.total)))
        .returning({ id: leadImportJobs.id });
      return done.length === 1;
    },

    dropFile,

    /** The job will not run again. Its counts stay those of the batches that were written. */
    async fail(id: number, error: string): Promise<void> {
      await db
        .update(leadImportJobs)
        .set({ status: 'failed', error, file: null, finishedAt: new Date() })
        .where(and(eq(leadImportJobs.id, id), inArray(leadImportJobs.status, ['pending', 'running'])));
      await dropFile(id);
    },

    /** What rows refer to by name: statuses (in display order) and users by e-mail. */
    async lookups(): Promise<{ statuses: { id: number; name: string }[]; users: { id: number; email: string; active: boolean }[] }> {
      const [statusRows, userRows] = await Promise.all([
        db.select({ id: leadStatuses.id, name: leadStatuses.name }).from(leadStatuses).orderBy(asc(leadStatuses.position), asc(leadStatuses.id)),
        db.select({ id: users.id, email: users.email, active: users.active }).from(users),
      ]);
      return { statuses: statusRows, users: userRows };
    },

    /**
     * Every lead the importer can see, phone → oldest lead, in one scan; undefined when there are more than `limit`
     * (then `existingByPhone` looks each batch up instead). One scan costs far less than 100,000 index probes.
     */
    async visiblePhones(viewer: LeadViewer, limit: number): Promise<Map<string, number> | undefined> {
      const rows = await db
        .select({ id: leads.id, phone: leads.phoneNormalized })
        .from(leads)
        .where(await scope.condition(viewer))
        .orderBy(asc(leads.id))
        .limit(limit + 1);
      if (rows.length > limit) return undefined;
      const found = new Map<string, number>();
      for (const row of rows) if (row.phone !== '' && !found.has(row.phone)) found.set(row.phone, row.id);
      return found;
    },

    /** Leads the importer can see with one of these normalised phones: phone → the oldest such lead. */
    async existingByPhone(phones: string[], viewer: LeadViewer): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      if (phones.length === 0) return found;
      const rows = await db
        .select({ id: leads.id, phone: leads.phoneNormalized })
        .from(leads)
        .where(and(sql`${leads.phoneNormalized} = any(${sql.param(phones)}::text[])`, await scope.condition(viewer)))
        .orderBy(asc(leads.id));
      for (const row of rows) if (!found.has(row.phone)) found.set(row.phone, row.id);
      return found;
    },

    /**
     * Several sorted batches in one transaction, written with COPY (decision 035): the new leads' ids are taken from
     * their sequence first, so the leads, their responsible users and their history rows go in as three COPYs
     * without RETURNING; updates are applied batch by batch in file order, each with its history row; the job moves on
     * by all the batches' rows at once. No later batch of the group may update a lead an earlier one creates (the job
     * writes the group before such a batch). Returns each batch's new ids in input order.
     */
    async writeBatches(group: { batches: SortedBatch[]; jobId: number; from: number; actorId: number; defaultStatusId: number | null }): Promise<number[][]> {
      const counts: ImportCounts = { processed: 0, created: 0, updated: 0, skipped: 0, rejected: 0 };
      for (const batch of group.batches) for (const key of Object.keys(counts) as (keyof ImportCounts)[]) counts[key] += batch.counts[key];
      return bulk.transaction(async (tx, copy) => {
        // The commit does not wait for its WAL to reach the disk (issue 25): a database crash can lose the last
        // fraction of a second of committed groups, never a part of one — the rows and the job's progress are in the
        // same transaction, so the job resumes from the progress that survived and writes them again. The first
        // ordinary commit after it (the job turning done, any edit of an imported lead) flushes it all.
        await tx.execute(sql`set local synchronous_commit = off`);
        await advance(tx, { jobId: group.jobId, from: group.from, counts, rejectedRows: group.batches.flatMap((b) => b.rejectedRows) });
        const inserts = group.batches.flatMap((b) => b.inserts);
        const ids =
          inserts.length === 0
            ? []
            : (
                await queryRows<{ id: number }>(
                  tx,
                  sql`select nextval(pg_get_serial_sequence('leads', 'id'))::int as id from generate_series(1, ${inserts.length})`,
                )
              ).map((r) => r.id);
        // The new leads carry both columns of migration 0024 for the rows the next three COPYs write: the triggers on
        // lead_users and lead_history need not look each lead up to find that (a third more database CPU for the import, bench/README.md).
        if (inserts.length > 0) await tx.execute(sql`select set_config('crm.lead_row_columns_written', 'on', true)`);
        await copy(
          'leads',
          LEAD_COPY_COLUMNS,
          inserts.map((lead, i) => [
            ids[i],
            lead.surname,
            lead.firstname,
            lead.patronymic ?? '',
            lead.phone,
            lead.phoneNormalized,
            lead.statusId ?? group.defaultStatusId,
            lead.additionalInfo ?? '',
            group.actorId,
            (lead.users ?? []).length > 0 ? 't' : 'f',
          ]),
        );
        await copy(
          'lead_users',
          ['lead_id', 'user_id'],
          inserts.flatMap((lead, i) => [...new Set(lead.users ?? [])].map((userId) => [ids[i], userId])),
        );
        await copy('lead_history', ['lead_id', 'user_id', 'action'], ids.map((leadId) => [leadId, group.actorId, 'imported']));
        // Updates of existing leads change their users and history like any edit: the triggers look again.
        if (inserts.length > 0) await tx.execute(sql`select set_config('crm.lead_row_columns_written', 'off', true)`);
        for (const batch of group.batches) await recordHistory(tx, await updateLeads(tx, batch.updates, group.actorId));
        const perBatch: number[][] = [];
        let offset = 0;
        for (const batch of group.batches) {
          perBatch.push(ids.slice(offset, offset + batch.inserts.length));
          offset += batch.inserts.length;
        }
        return perBatch;
      });
    },
  };
}

export type LeadImportRepository = ReturnType<typeof createLeadImportRepository>;
