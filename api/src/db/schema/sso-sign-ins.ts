import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One single sign-on in progress (docs/decisions/073), in the database so any instance can finish what another began.
 * `browser_hash` is the digest of the random id in the browser's HttpOnly cookie, which binds the provider's answer
 * to the browser that asked. After the provider's answer, `handoff_hash` is the digest of the one-time code the SPA
 * exchanges for a session; the bearer token itself never appears in a URL.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    browserHash: text('browser_hash').notNull().unique(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** The provider must answer before this. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the first callback carrying this browser's cookie: a second one is a replay. */
    callbackAt: timestamp('callback_at', { withTimezone: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    handoffHash: text('handoff_hash').unique(),
    handoffExpiresAt: timestamp('handoff_expires_at', { withTimezone: true }),
    exchangedAt: timestamp('exchanged_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_sign_ins_expires_at_idx').on(t.expiresAt)],
);
