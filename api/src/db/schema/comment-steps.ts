import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const commentSteps = pgTable('comment_steps', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  /** Shown on lead comments; `#RRGGBB`. */
  color: text('color').notNull().default('#A8AAAE'),
  /** An archived step is offered to no new comment but stays on the comments that have it. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
