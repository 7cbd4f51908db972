import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';

/**
 * Saved views of the leads list (issue 23, docs/decisions/077): a named list query (filters, sort, page size, table or
 * kanban), personal or shared with one team or everyone. `query` holds only what the list's query schema accepts.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: jsonb('query').$type<Record<string, string | number>>().notNull(),
    visibility: text('visibility').notNull().default('personal'),
    // A team's views go with the team (decision 077): a view shared with nobody left would be a personal view its owner
    // did not ask for.
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('saved_views_visibility_check', sql`${t.visibility} in ('personal', 'team', 'everyone')`),
    check('saved_views_team_check', sql`(${t.visibility} = 'team') = (${t.teamId} is not null)`),
    uniqueIndex('saved_views_owner_name_idx').on(t.ownerId, sql`lower(${t.name})`),
    index('saved_views_team_idx').on(t.teamId).where(sql`${t.teamId} is not null`),
    index('saved_views_everyone_idx').on(t.id).where(sql`${t.visibility} = 'everyone'`),
  ],
);
