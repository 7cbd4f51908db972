import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The last name of every deleted lead status, under its old id: lead history keeps status ids, and a deleted status
 * is still shown by name there (docs/decisions/068). Status ids come from an identity and are never reused.
 */
export const deletedLeadStatuses = pgTable('deleted_lead_statuses', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});
