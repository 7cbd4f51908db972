import { integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { ABILITY_ACTIONS, ABILITY_SUBJECTS } from '@crm/shared/schemas';

export const permissions = pgTable(
  'permissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    action: text('action', { enum: ABILITY_ACTIONS }).notNull(),
    subject: text('subject', { enum: ABILITY_SUBJECTS }).notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('permissions_action_subject_unique').on(t.action, t.subject)],
);
