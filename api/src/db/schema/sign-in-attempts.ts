import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every sign-in attempt: the limiter counts recent failures here (so the limits hold across instances), and the
 * audit log of the administration area will read it. The email is stored normalised (trimmed, lower case), as typed
 * even when no account has it.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull(),
    /** The client address as the server saw it (X-Forwarded-For behind a trusted proxy). */
    ip: text('ip').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    succeeded: boolean('succeeded').notNull(),
    /**
     * Why it failed: `invalid_credentials`, `locked` when the limiter refused it before checking the password,
     * `inactive`, `password_sign_in_off`, or `sso_<code>` for a refused single sign-on (docs/decisions/073).
     */
    reason: text('reason'),
    /** How long the answer was held back (progressive delay for an email under attack), in ms. */
    delayMs: integer('delay_ms').notNull().default(0),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_attempts_email_created_at_idx').on(t.email, t.createdAt)],
);
