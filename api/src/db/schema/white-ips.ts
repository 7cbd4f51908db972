import { bigint, boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';

/** The IP allow-list: an IPv4/IPv6 address or CIDR range each (docs/decisions/025). */
export const whiteIps = pgTable('white_ips', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** As entered, trimmed and lower-cased: `10.0.0.0/8`, `2001:db8::1`. */
  address: text('address').notNull().unique(),
  comment: text('comment').notNull().default(''),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

/**
 * One row: whether the list is enforced (the shell command turns it off) and a version every change bumps, which
 * each API instance compares at most once a second to know when to reload the list.
 */
export const whiteIpState = pgTable(
  'white_ip_state',
  {
    id: integer('id').primaryKey().default(1),
    enforced: boolean('enforced').notNull().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('white_ip_state_single_row', sql`${t.id} = 1`)],
);
