import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { LEAD_SCOPES } from '@crm/shared/schemas';

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull().unique(),
    /** Which leads the role's users see; enforced by the lead queries, not by CASL rules. */
    leadScope: text('lead_scope', { enum: LEAD_SCOPES }).notNull().default('own'),
    /** Its users must sign in with a second factor; those without one are sent to set it up first (decision 071). */
    twoFactorRequired: boolean('two_factor_required').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('roles_lead_scope_check', sql`${t.leadScope} in ('all', 'team', 'own')`)],
);
