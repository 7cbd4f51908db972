import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { roles } from '../db/schema/roles';
import { ssoSignIns } from '../db/schema/sso-sign-ins';
import { teamMembers } from '../db/schema/team-members';
import { teams } from '../db/schema/teams';
import { users } from '../db/schema/users';
import { hashToken } from '../lib/tokens';

/** What the provider's answer is checked against: the state, nonce and PKCE verifier sent with the browser. */
export interface SsoFlow {
  id: number;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The flow has already had its callback: this one is a replay. */
  replayed: boolean;
}

/** Sign-ins in progress (decision 073) and the user changes the provider's claims ask for. */
export function createSsoRepository(db: Database) {
  return {
    async startFlow(input: { browserId: string; state: string; nonce: string; codeVerifier: string; ttlSeconds: number }): Promise<void> {
      const now = Date.now();
      // Flows nobody finished are useless after a day; pruning them here needs no job.
      await db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, new Date(now - 24 * 3600_000)));
      await db.insert(ssoSignIns).values({
        browserHash: hashToken(input.browserId),
        state: input.state,
        nonce: input.nonce,
        codeVerifier: input.codeVerifier,
        expiresAt: new Date(now + input.ttlSeconds * 1000),
      });
    },

    /**
     * The unexpired flow of this browser, marked as answered in the same statement, so two callbacks racing with the
     * same cookie cannot both go on. A flow answered before comes back `replayed`.
     */
    async takeFlow(browserId: string): Promise<SsoFlow | undefined> {
      const where = and(eq(ssoSignIns.browserHash, hashToken(browserId)), gt(ssoSignIns.expiresAt, new Date()));
      const [taken] = await db
        .update(ssoSignIns)
        .set({ callbackAt: new Date() })
        .where(and(where, isNull(ssoSignIns.callbackAt)))
        .returning({ id: ssoSignIns.id, state: ssoSignIns.state, nonce: ssoSignIns.nonce, codeVerifier: ssoSignIns.codeVerifier });
      if (taken) return { ...taken, replayed: false };
      const [answered] = await db
        .select({ id: ssoSignIns.id, state: ssoSignIns.state, nonce: ssoSignIns.nonce, codeVerifier: ssoSignIns.codeVerifier })
        .from(ssoSignIns)
        .where(where);
      return answered && { ...answered, replayed: true };
    },

    async setHandoff(flowId: number, input: { userId: number; code: string; ttlSeconds: number }): Promise<void> {
      await db
        .update(ssoSignIns)
        .set({ userId: input.userId, handoffHash: hashToken(input.code), handoffExpiresAt: new Date(Date.now() + input.ttlSeconds * 1000) })
        .where(eq(ssoSignIns.id, flowId));
    },

    /** Spends a one-time code: the user it was given for, once, before it expires. */
    async spendHandoff(code: string): Promise<number | undefined> {
      const [row] = await db
        .update(ssoSignIns)
        .set({ exchangedAt: new Date() })
        .where(and(eq(ssoSignIns.handoffHash, hashToken(code)), isNull(ssoSignIns.exchangedAt), gt(ssoSignIns.handoffExpiresAt, new Date())))
        .returning({ userId: ssoSignIns.userId });
      return row?.userId ?? undefined;
    },

    async roleIdByName(names: string[]): Promise<{ id: number; name: string } | undefined> {
      if (names.length === 0) return undefined;
      const found = await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.name, names));
      // The claim's order decides between several known roles.
      return names.map((name) => found.find((role) => role.name === name)).find(Boolean);
    },

    async teamIdsByName(names: string[]): Promise<number[]> {
      if (names.length === 0) return [];
      const found = await db.select({ id: teams.id }).from(teams).where(inArray(teams.name, names));
      return found.map((team) => team.id);
    },

    async teamIdsOf(userId: number): Promise<number[]> {
      const rows = await db.select({ id: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId));
      return rows.map((row) => row.id).sort((a, b) => a - b);
    },

    async setTeams(userId: number, teamIds: number[]): Promise<void> {
      await db.delete(teamMembers).where(eq(teamMembers.userId, userId));
      if (teamIds.length > 0) await db.insert(teamMembers).values(teamIds.map((teamId) => ({ teamId, userId })));
    },

    /** A role change bumps the version so an open admin form sees the conflict, as the users page's own save does. */
    async setRole(userId: number, roleId: number): Promise<void> {
      await db
        .update(users)
        .set({ roleId, version: sql`${users.version} + 1`, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },
  };
}
