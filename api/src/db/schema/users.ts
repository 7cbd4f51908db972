import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { roles } from './roles';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Stored lower-cased; sign-in lower-cases the input too. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    /** The display name (full name), as the spec's user list shows it. */
    name: text('name').notNull(),
    avatar: text('avatar'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    /** A deactivated user cannot sign in, and every token they hold stops working at once. */
    active: boolean('active').notNull().default(true),
    /** The confirmed TOTP secret (base32), kept readable to check codes (decision 071); null while 2FA is off. */
    twoFactorSecret: text('two_factor_secret'),
    /** A secret being set up: it replaces nothing until a code made with it confirms it. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** The last accepted TOTP time step (Unix seconds / 30): a code of that step or earlier is refused, so each works once. */
    twoFactorLastStep: integer('two_factor_last_step'),
    version: integer('version').notNull().default(1),
    /** SHA-256 of the secret in the user's calendar feed URL (docs/decisions/074); null while there is none. */
    calendarTokenHash: text('calendar_token_hash').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_role_id_idx').on(t.roleId), index('users_active_idx').on(t.active)],
);
