import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { leads } from './leads';
import { users } from './users';

/** The responsible users of a lead. */
export const leadUsers = pgTable(
  'lead_users',
  {
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.userId] }), index('lead_users_user_id_idx').on(t.userId, t.leadId)],
);
