import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const commentSteps = pgTable('comment_steps', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
