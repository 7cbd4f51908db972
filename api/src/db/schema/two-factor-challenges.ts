import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What a challenge lets its holder do: give the second factor, or set one up first (a role requires it). */
export const TWO_FACTOR_CHALLENGE_KINDS = ['code', 'setup'] as const;
export type TwoFactorChallengeKind = (typeof TWO_FACTOR_CHALLENGE_KINDS)[number];

/**
 * The step between the password and the bearer token (decision 071): a random token stored hashed like access
 * tokens, bound to one user, short-lived and spent by the sign-in it completes.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind', { enum: TWO_FACTOR_CHALLENGE_KINDS }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('two_factor_challenges_user_id_idx').on(t.userId),
    check('two_factor_challenges_kind_check', sql`${t.kind} in ('code', 'setup')`),
  ],
);
