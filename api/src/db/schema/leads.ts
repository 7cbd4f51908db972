import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { leadStatuses } from './lead-statuses';
import { users } from './users';

export const leads = pgTable(
  'leads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    surname: text('surname').notNull().default(''),
    firstname: text('firstname').notNull().default(''),
    patronymic: text('patronymic').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Digits only, Russian numbers as 7XXXXXXXXXX, so any typed format of a number finds it. */
    phoneNormalized: text('phone_normalized').notNull().default(''),
    // Restrict: deleting a status in use is refused with 409 STATUS_IN_USE before it reaches this.
    statusId: integer('status_id').references(() => leadStatuses.id, { onDelete: 'restrict' }),
    additionalInfo: text('additional_info').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Who saved the current version; a stale update's 409 names them. Null until the lead is first edited (a foreign
     * key left null also costs no check, which counts when an import inserts 100,000 leads).
     */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic-locking counter for concurrent edits (Leads issue). */
    version: integer('version').notNull().default(1),
    /** One lower-cased haystack for search, kept by PostgreSQL itself and indexed with trigrams. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(surname || ' ' || firstname || ' ' || patronymic || ' ' || phone_normalized)`),
    /**
     * When the newest comment or history entry of the lead was written, as far as `updated_at` does not already say
     * as much: kept by PostgreSQL (statement triggers of migration 0023's kind on `lead_comments` and `lead_history`,
     * migration 0024), which writes it only when an entry is later than `last_activity_at`, so an edit that updates the
     * row and records its entry writes the row once. Null or older than `updated_at` otherwise. Read it through
     * `last_activity_at`; nothing in the app writes it.
     */
    lastEntryAt: timestamp('last_entry_at', { withTimezone: true }),
    /**
     * The lead's last activity: the latest of its `updated_at`, its newest comment and its newest history entry
     * (the "no activity for N days" filter, docs/decisions/078). A comment or entry deleted later still counts: the
     * activity happened (and the app records a deletion as an entry of its own).
     */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`greatest(updated_at, last_entry_at)`),
    /**
     * Whether the lead has a responsible user (a row in `lead_users`): kept by PostgreSQL (statement triggers on
     * `lead_users`, migration 0024) whoever writes the users; a writer that knows the answer (create, seed, import)
     * writes it with the lead, and then the trigger changes nothing.
     */
    hasResponsibleUser: boolean('has_responsible_user').notNull().default(false),
  },
  (t) => [
    // Ascending on purpose: a backward scan serves ORDER BY created_at DESC, id DESC (NULLS FIRST) too.
    index('leads_created_at_id_idx').on(t.createdAt, t.id),
    // Every sort the list offers is `column, id` in one direction, so an index on the pair serves the ORDER BY and its
    // LIMIT without a sort step (decision 032).
    index('leads_updated_at_id_idx').on(t.updatedAt, t.id),
    index('leads_surname_id_idx').on(t.surname, t.id),
    index('leads_status_id_id_idx').on(t.statusId, t.id),
    // With the id, "created by me" is an index-only scan in id order: the Operator's count (lead-count.ts) takes it and
    // anti-joins it with their lead_users rows.
    index('leads_created_by_id_idx').on(t.createdBy, t.id),
    // Import duplicate detection and the phone sort.
    index('leads_phone_normalized_id_idx').on(t.phoneNormalized, t.id),
    // Possible duplicates by name: the same surname and first name ignoring case, grouped in key order (decision 075).
    index('leads_lower_name_id_idx').on(sql`lower(${t.surname})`, sql`lower(${t.firstname})`, t.id),
    index('leads_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // "No activity for N days": a range of this index (decision 078).
    index('leads_last_activity_at_id_idx').on(t.lastActivityAt, t.id),
    // "Without responsible user": the few such leads in the default sort's order, for the page and the count.
    index('leads_unassigned_created_at_id_idx').on(t.createdAt, t.id).where(sql`not ${t.hasResponsibleUser}`),
  ],
);
