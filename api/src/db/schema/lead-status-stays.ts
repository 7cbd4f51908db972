import { doublePrecision, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { leadHistory } from './lead-history';

/**
 * The dashboard's summary of status stays (docs/decisions/076): one row per history row that moves a lead out of a
 * status, with when the stay began (the lead's change before, or its creation) and where it went. PostgreSQL keeps it
 * itself: triggers of migration 0023 on `lead_history` and `leads` rewrite a lead's rows in the transaction that
 * writes its history, whoever writes it (services, import's COPY, merge, seed). Nothing in the app writes it.
 */
export const leadStatusStays = pgTable(
  'lead_status_stays',
  {
    historyId: integer('history_id')
      .primaryKey()
      .references(() => leadHistory.id, { onDelete: 'cascade' }),
    // No foreign key to leads: a merge moves the history row and the trigger moves this with it (lead-references.ts
    // lists the tables a merge moves by hand).
    leadId: integer('lead_id').notNull(),
    statusId: integer('status_id').notNull(),
    nextStatusId: integer('next_status_id'),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }).notNull(),
    seconds: doublePrecision('seconds').notNull(),
  },
  (t) => [
    // Both read from the index alone (the trailing columns are there to be read, not searched). The all scope: per
    // status, the stays that ended in the period. The own and team scopes: the stays of the viewer's leads; and the
    // trigger's rewrite of one lead.
    index('lead_status_stays_status_left_idx').on(t.statusId, t.leftAt, t.seconds, t.nextStatusId),
    index('lead_status_stays_lead_left_idx').on(t.leadId, t.leftAt, t.statusId, t.seconds, t.nextStatusId),
  ],
);
