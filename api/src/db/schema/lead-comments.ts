import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { commentSteps } from './comment-steps';
import { leads } from './leads';
import { users } from './users';

/** A lead's comment timeline. The body is HTML sanitised before it is stored. */
export const leadComments = pgTable(
  'lead_comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    // Set null: deleting a comment step (Admin screens) must not take the comments with it.
    stepId: integer('step_id').references(() => commentSteps.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_comments_lead_id_created_at_idx').on(t.leadId, t.createdAt)],
);
