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
    // Restrict: a step used by comments is archived, never deleted under them (docs/decisions/027).
    stepId: integer('step_id').references(() => commentSteps.id, { onDelete: 'restrict' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_comments_lead_id_created_at_idx').on(t.leadId, t.createdAt)],
);
