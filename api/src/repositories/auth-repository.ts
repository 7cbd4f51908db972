import { and, desc, eq, exists, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { AbilityRule, LeadScope } from '@crm/shared/schemas';
import { type Database, queryRows } from '../db/client';
import { accessTokens } from '../db/schema/access-tokens';
import { passwordResetTokens } from '../db/schema/password-reset-tokens';
import { roles } from '../db/schema/roles';
import { users } from '../db/schema/users';
import { generateToken, hashToken } from '../lib/tokens';
import { LAST_USED_RESOLUTION_MS, roleRules } from './bearer/bearer-owner';

/** Where a session was opened, for the account page's list. */
export interface TokenClient {
  userAgent?: string | null;
  ip?: string | null;
  /** The password sign-in opened it (decision 071). */
  passwordSignIn?: boolean;
}

export interface SessionRow {
  id: number;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface TokenOwner {
  tokenId: number;
  user: {
    id: number;
    email: string;
    firstName: string;
    name: string;
    avatar: string | null;
    role: { id: number; name: string; leadScope: LeadScope };
  };
  /** The role's ability rules as of this request, in permission order (as `rulesForRole` reads them). */
  rules: AbilityRule[];
  /**
   * A password session of a user whose role requires two-factor sign-in they have not set up (decision 071): the token
   * opens nothing.
   */
  twoFactorSetupRequired: boolean;
}

export function createAuthRepository(db: Database) {
  /**
   * Every authenticated request's statement, built once (decision 036): drizzle does not rebuild it per request, and on
   * PostgreSQL it is a named statement, parsed and planned once per connection.
   */
  const tokenOwner = db
    .select({
      tokenId: accessTokens.id,
      lastUsedAt: accessTokens.lastUsedAt,
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        name: users.name,
        avatar: users.avatar,
      },
      role: { id: roles.id, name: roles.name, leadScope: roles.leadScope },
      rules: roleRules,
      twoFactorSetupRequired: sql<boolean>`(${accessTokens.passwordSignIn} and ${roles.twoFactorRequired} and ${users.twoFactorEnabledAt} is null)`,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
        eq(users.active, true),
      ),
    )
    .limit(1)
    .prepare('auth_token_owner');

  return {
    /** Issues a bearer token; only its hash is stored. */
    async createAccessToken(userId: number, ttlHours: number, client: TokenClient = {}): Promise<string> {
      const token = generateToken();
      await db.insert(accessTokens).values({
        userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
        userAgent: client.userAgent?.slice(0, 500) ?? null,
        ip: client.ip?.slice(0, 100) ?? null,
        passwordSignIn: client.passwordSignIn ?? false,
      });
      return token;
    },

    /** The owner of a token that is neither revoked nor expired, if that user is active. */
    async findTokenOwner(token: string): Promise<TokenOwner | undefined> {
      const now = new Date();
      // A placeholder is sent as given (no column mapping): the time as ISO text, as drizzle maps a timestamp.
      const [row] = await tokenOwner.execute({ tokenHash: hashToken(token), now: now.toISOString() });
      if (!row) return undefined;
      // Written at most every LAST_USED_RESOLUTION_MS: a fresh reading needs no statement at all.
      const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
      if (row.lastUsedAt === null || row.lastUsedAt < staleBefore) {
        await db
          .update(accessTokens)
          .set({ lastUsedAt: now })
          .where(and(eq(accessTokens.id, row.tokenId), or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, staleBefore))));
      }
      const rules = typeof row.rules === 'string' ? (JSON.parse(row.rules) as AbilityRule[]) : row.rules;
      return { tokenId: row.tokenId, user: { ...row.user, role: row.role }, rules, twoFactorSetupRequired: row.twoFactorSetupRequired === true };
    },

    /** The user's live sessions (neither revoked nor expired), most recently used first. */
    async listSessions(userId: number): Promise<SessionRow[]> {
      return db
        .select({
          id: accessTokens.id,
          userAgent: accessTokens.userAgent,
          ip: accessTokens.ip,
          createdAt: accessTokens.createdAt,
          lastUsedAt: accessTokens.lastUsedAt,
        })
        .from(accessTokens)
        .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, new Date())))
        .orderBy(desc(accessTokens.lastUsedAt), desc(accessTokens.createdAt), desc(accessTokens.id));
    },

    /** Ends one live session of this user; false when the id names no live session of theirs. */
    async revokeSession(userId: number, tokenId: number): Promise<boolean> {
      const revoked = await db
        .update(accessTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
        .returning({ id: accessTokens.id });
      return revoked.length > 0;
    },

    async revokeAccessToken(tokenId: number): Promise<void> {
      await db.update(accessTokens).set({ revokedAt: new Date() }).where(eq(accessTokens.id, tokenId));
    },

    /** After a password reset every existing session ends. */
    async revokeAllAccessTokens(userId: number): Promise<void> {
      await db
        .update(accessTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
    },

    /** After the user changes their own password: every other session ends, the one in use stays. */
    async revokeOtherAccessTokens(userId: number, keepTokenId: number): Promise<number> {
      const revoked = await db
        .update(accessTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), ne(accessTokens.id, keepTokenId)))
        .returning({ id: accessTokens.id });
      return revoked.length;
    },

    /**
     * Issues a reset token for the active account with this email, replacing any earlier one so only the latest mail
     * works, and answers where to mail it; undefined when there is no such account. One statement whatever the
     * address, with a token made for every address: on PGlite every request waits its turn on one connection, and
     * more work there for an account than for none would slow the next request and tell who has an account.
     */
    async issuePasswordResetToken(email: string, ttlMinutes: number): Promise<{ token: string; email: string; firstName: string } | undefined> {
      const token = generateToken();
      const expiresAt = new Date(Date.now() + ttlMinutes * 60_000).toISOString();
      const [issued] = await queryRows<{ email: string; first_name: string }>(
        db,
        sql`with account as (
          select ${users.id} as id from ${users} where ${users.email} = ${email.toLowerCase()} and ${users.active}
        ), replaced as (
          delete from ${passwordResetTokens} where ${passwordResetTokens.userId} in (select id from account)
        ), issued as (
          insert into ${passwordResetTokens} (user_id, token_hash, expires_at)
          select id, ${hashToken(token)}, ${expiresAt}::timestamptz from account
          returning user_id
        )
        select u.email, u.first_name from issued inner join ${users} u on u.id = issued.user_id`,
      );
      return issued && { token, email: issued.email, firstName: issued.first_name };
    },

    /**
     * Marks the token used in the same statement that checks it, so it cannot be spent twice. A deactivated account's
     * token is refused too: a reset job that read the account just before the deactivation may have written one after.
     */
    async consumePasswordResetToken(userId: number, token: string): Promise<boolean> {
      const used = await db
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResetTokens.userId, userId),
            eq(passwordResetTokens.tokenHash, hashToken(token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
            exists(db.select({ one: sql`1` }).from(users).where(and(eq(users.id, passwordResetTokens.userId), eq(users.active, true)))),
          ),
        )
        .returning({ id: passwordResetTokens.id });
      return used.length > 0;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
