import { customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { DUPLICATE_MODES, IMPORT_JOB_STATUSES, type LeadImportField } from '@crm/shared/schemas';
import { users } from './users';

/** A rejected CSV row, kept for the report: its line in the file, its cells and why it was refused. */
export interface RejectedImportRow {
  line: number;
  values: string[];
  errors: string[];
}

/** Raw bytes: the uploaded file as it came, which text and jsonb could not hold (a NUL byte, a broken encoding). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A CSV import run: progress counters while it runs, and the rejected rows for the report once it is done. */
export const leadImportJobs = pgTable(
  'lead_import_jobs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: IMPORT_JOB_STATUSES }).notNull().default('pending'),
    onDuplicate: text('on_duplicate', { enum: DUPLICATE_MODES }).notNull(),
    fileName: text('file_name').notNull().default(''),
    /** The file's header row, so the report repeats the original columns. */
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    /** The uploaded CSV, kept until the job ends so whichever instance runs (or resumes) it can read it. */
    file: bytea('file'),
    /** The resolved mapping: import field → column index in the file. */
    columns: jsonb('columns').$type<Partial<Record<LeadImportField, number>>>().notNull().default({}),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    rejectedRows: jsonb('rejected_rows').$type<RejectedImportRow[]>().notNull().default([]),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('lead_import_jobs_created_by_idx').on(t.createdBy)],
);
