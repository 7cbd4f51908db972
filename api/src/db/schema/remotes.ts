import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';

/**
 * Where the host loads each remote from (docs/decisions/052), as a stack per remote: the bottom row comes from
 * REMOTE_*_URL (`source = 'config'`), each switch through the API pushes a row, a rollback retires the top one. The
 * active entry is the newest row not rolled back.
 */
export const remoteEntries = pgTable(
  'remote_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** `leads`, `documents` or `admin` (REMOTE_SCOPES in shared/src/routes). */
    remote: text('remote').notNull(),
    /** The remote's mf-manifest.json: a full URL, or a path on this server. */
    entry: text('entry').notNull(),
    /** From the manifest's `metaData.remoteBuild` when it has one. */
    version: text('version'),
    commit: text('commit'),
    sharedRange: text('shared_range'),
    /** `config` (REMOTE_*_URL, the bottom of the stack) or `api` (a switch). */
    source: text('source').notNull(),
    switchedAt: timestamp('switched_at', { withTimezone: true }).notNull().defaultNow(),
    switchedBy: integer('switched_by').references(() => users.id, { onDelete: 'set null' }),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
    rolledBackBy: integer('rolled_back_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('remote_entries_remote_id_idx').on(t.remote, t.id), check('remote_entries_source', sql`${t.source} in ('config', 'api')`)],
);

/** One row whose version every change bumps; each instance compares it at most once a second (as white_ip_state). */
export const remoteRegistryState = pgTable(
  'remote_registry_state',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('remote_registry_state_single_row', sql`${t.id} = 1`)],
);

/**
 * The load failures browsers reported for a remote (POST /api/remotes/{name}/load-errors): the "Модули" page's
 * status. Bounded: each report keeps only the newest REMOTE_LOAD_ERRORS_KEPT rows of its remote.
 */
export const remoteLoadErrors = pgTable(
  'remote_load_errors',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    remote: text('remote').notNull(),
    /** The remote's version as the page knew it (from its manifest), when it knew it. */
    version: text('version'),
    message: text('message').notNull(),
    reportedBy: integer('reported_by').references(() => users.id, { onDelete: 'set null' }),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('remote_load_errors_remote_id_idx').on(t.remote, t.id)],
);
