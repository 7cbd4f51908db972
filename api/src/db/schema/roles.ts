import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { LEAD_SCOPES } from '@crm/shared/schemas';

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull().unique(),
    /** Which leads the role's users see; enforced by the lead queries, not by CASL rules. */
    leadScope: text('lead_scope', { enum: LEAD_SCOPES }).notNull().default('own'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('roles_lead_scope_check', sql`${t.leadScope} in ('all', 'team', 'own')`)],
);
