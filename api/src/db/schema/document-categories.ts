import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const documentCategories = pgTable('document_categories', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  title: text('title').notNull(),
  /** The order users arrange categories in (drag and drop); new ones go last. */
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
