import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { LEAD_HISTORY_ACTIONS, type LeadHistoryField } from '@crm/shared/schemas';
import { leads } from './leads';
import { users } from './users';

/** Field → old and new value; users as sorted id lists. Only real fields of a lead or comment (no internal ids). */
export type LeadChanges = Partial<Record<LeadHistoryField, { from: unknown; to: unknown }>>;

/** Every change to a lead, written in the transaction that makes it. */
export const leadHistory = pgTable(
  'lead_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: LEAD_HISTORY_ACTIONS }).notNull(),
    changes: jsonb('changes').$type<LeadChanges>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lead_history_lead_id_created_at_idx').on(t.leadId, t.createdAt),
  ],
);
