import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Bearer tokens. Only the SHA-256 of a token is stored, so a database leak does not leak sessions. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Written at most once a minute (auth-repository), so reading a token stays a read. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** What signed in, for the account page's session list (decision 042); cut to 500 characters. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    /**
     * Opened by the password sign-in (with its second factor when due): only such sessions are shut out when the role
     * requires two-factor sign-in the user has not set up (decision 071); other ways of signing in have their own rules.
     */
    passwordSignIn: boolean('password_sign_in').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_tokens_user_id_idx').on(t.userId)],
);
