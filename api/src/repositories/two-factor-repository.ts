import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { roles } from '../db/schema/roles';
import { twoFactorChallenges, type TwoFactorChallengeKind } from '../db/schema/two-factor-challenges';
import { twoFactorRecoveryCodes } from '../db/schema/two-factor-recovery-codes';
import { users } from '../db/schema/users';
import { generateToken, hashToken } from '../lib/tokens';

export interface TwoFactorState {
  userId: number;
  email: string;
  secret: string | null;
  pendingSecret: string | null;
  enabledAt: Date | null;
  /** The user's role asks for a second factor. */
  required: boolean;
}

export interface LiveChallenge {
  id: number;
  userId: number;
  kind: TwoFactorChallengeKind;
}

/** Two-factor secrets, recovery codes and sign-in challenges (decision 071). */
export function createTwoFactorRepository(db: Database) {
  return {
    async state(userId: number): Promise<TwoFactorState | undefined> {
      const [row] = await db
        .select({
          userId: users.id,
          email: users.email,
          secret: users.twoFactorSecret,
          pendingSecret: users.twoFactorPendingSecret,
          enabledAt: users.twoFactorEnabledAt,
          required: roles.twoFactorRequired,
        })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.id, userId));
      return row;
    },

    /** Issues a challenge; only its hash is stored. */
    async createChallenge(userId: number, kind: TwoFactorChallengeKind, ttlMs: number): Promise<{ token: string; expiresAt: Date }> {
      const token = generateToken();
      const expiresAt = new Date(Date.now() + ttlMs);
      await db.insert(twoFactorChallenges).values({ userId, kind, tokenHash: hashToken(token), expiresAt });
      return { token, expiresAt };
    },

    /** A challenge neither spent nor expired, of an active user. */
    async findChallenge(token: string): Promise<LiveChallenge | undefined> {
      const [row] = await db
        .select({ id: twoFactorChallenges.id, userId: twoFactorChallenges.userId, kind: twoFactorChallenges.kind })
        .from(twoFactorChallenges)
        .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
        .where(
          and(
            eq(twoFactorChallenges.tokenHash, hashToken(token)),
            isNull(twoFactorChallenges.usedAt),
            gt(twoFactorChallenges.expiresAt, new Date()),
            eq(users.active, true),
          ),
        );
      return row;
    },

    /** Marks the challenge used in the statement that checks it is not, so one challenge opens one session. */
    async spendChallenge(id: number): Promise<boolean> {
      const spent = await db
        .update(twoFactorChallenges)
        .set({ usedAt: new Date() })
        .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.usedAt)))
        .returning({ id: twoFactorChallenges.id });
      return spent.length > 0;
    },

    async setPendingSecret(userId: number, secret: string): Promise<void> {
      await db.update(users).set({ twoFactorPendingSecret: secret }).where(eq(users.id, userId));
    },

    /**
     * The pending secret becomes the user's; the step of the confirming code is spent. Never over a confirmed secret:
     * a set-up begun before 2FA was turned on elsewhere cannot replace it.
     */
    async confirmPendingSecret(userId: number, secret: string, step: number): Promise<boolean> {
      const confirmed = await db
        .update(users)
        .set({ twoFactorSecret: secret, twoFactorPendingSecret: null, twoFactorEnabledAt: new Date(), twoFactorLastStep: step })
        .where(and(eq(users.id, userId), eq(users.twoFactorPendingSecret, secret), isNull(users.twoFactorSecret)))
        .returning({ id: users.id });
      return confirmed.length > 0;
    },

    /**
     * Records an accepted code's time step, in the statement that checks no code of that step or a later one was
     * accepted before: two requests racing with the same code cannot both pass.
     */
    async acceptStep(userId: number, step: number): Promise<boolean> {
      const accepted = await db
        .update(users)
        .set({ twoFactorLastStep: step })
        .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
        .returning({ id: users.id });
      return accepted.length > 0;
    },

    async replaceRecoveryCodes(userId: number, codeHashes: string[]): Promise<void> {
      await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    },

    /** Spends an unused recovery code of the user in the statement that finds it. */
    async useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
      const used = await db
        .update(twoFactorRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash), isNull(twoFactorRecoveryCodes.usedAt)))
        .returning({ id: twoFactorRecoveryCodes.id });
      return used.length > 0;
    },

    async recoveryCodesLeft(userId: number): Promise<number> {
      const [row] = await db
        .select({ left: count() })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
      return Number(row?.left ?? 0);
    },

    /** Turns two-factor sign-in off: secrets, recovery codes and open challenges go. */
    async clear(userId: number): Promise<void> {
      await db
        .update(users)
        .set({ twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null })
        .where(eq(users.id, userId));
      await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
    },

    /** Challenges past their lifetime are useless; dropped when a user gets a new one so the table stays small. */
    async dropSpentChallenges(userId: number): Promise<void> {
      await db
        .delete(twoFactorChallenges)
        .where(and(eq(twoFactorChallenges.userId, userId), or(sql`${twoFactorChallenges.usedAt} is not null`, lt(twoFactorChallenges.expiresAt, new Date()))));
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
