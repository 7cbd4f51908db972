import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const leadStatuses = pgTable('lead_statuses', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  color: text('color').notNull().default('#A8AAAE'),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
