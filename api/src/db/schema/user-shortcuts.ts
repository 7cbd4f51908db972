import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The top bar's shortcuts: the pages a user pinned, in their order (keys of SHORTCUT_PAGES, decision 041). */
export const userShortcuts = pgTable('user_shortcuts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pages: text('pages').array().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
