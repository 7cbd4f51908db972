import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const documentCategories = pgTable('document_categories', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  title: text('title').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
