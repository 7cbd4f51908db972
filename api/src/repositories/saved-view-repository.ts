import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SavedView, SavedViewQuery, SavedViewVisibility } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { savedViews } from '../db/schema/saved-views';
import { teamMembers } from '../db/schema/team-members';
import { teams } from '../db/schema/teams';
import { users } from '../db/schema/users';

export type SavedViewRow = typeof savedViews.$inferSelect;

/** What a view's owner writes. */
export interface SavedViewWrite {
  name: string;
  query: SavedViewQuery;
  visibility: SavedViewVisibility;
  teamId: number | null;
  position?: number;
}

/** The views `userId` may open: their own, those shared with a team they belong to, and those shared with everyone. */
function visibleTo(userId: number): SQL {
  const myTeams = sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId})`;
  return or(
    eq(savedViews.ownerId, userId),
    eq(savedViews.visibility, 'everyone'),
    and(eq(savedViews.visibility, 'team'), sql`${savedViews.teamId} in ${myTeams}`),
  )!;
}

/** Saved views of the leads list (docs/decisions/077). */
export function createSavedViewRepository(db: Database) {
  /** Views with their owner's and team's names; the caller adds the WHERE, always within `visibleTo`. */
  function select() {
    return db
      .select({
        view: savedViews,
        ownerName: users.name,
        ownerFirstName: users.firstName,
        teamName: teams.name,
      })
      .from(savedViews)
      .innerJoin(users, eq(users.id, savedViews.ownerId))
      .leftJoin(teams, eq(teams.id, savedViews.teamId))
      .$dynamic();
  }

  type Selected = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toDto = (viewerId: number) => (r: Selected): SavedView => ({
    id: r.view.id,
    name: r.view.name,
    query: r.view.query as SavedViewQuery,
    visibility: r.view.visibility as SavedViewVisibility,
    team: r.view.teamId === null ? null : { id: r.view.teamId, name: r.teamName ?? '' },
    owner: { id: r.view.ownerId, name: `${r.ownerFirstName} ${r.ownerName}`.trim() },
    own: r.view.ownerId === viewerId,
    position: r.view.position,
    version: r.view.version,
    created_at: r.view.createdAt.toISOString(),
    updated_at: r.view.updatedAt.toISOString(),
  });

  return {
    /** The caller's own views first, in their order; then the views shared with them, by name. */
    async list(viewerId: number): Promise<SavedView[]> {
      const rows = await select().where(visibleTo(viewerId)).orderBy(
        desc(sql`${savedViews.ownerId} = ${viewerId}`),
        asc(savedViews.position),
        asc(sql`lower(${savedViews.name})`),
        asc(savedViews.id),
      );
      return rows.map(toDto(viewerId));
    },

    /** One view the caller may open (undefined otherwise: another's personal view, a team they are not in). */
    async findVisible(id: number, viewerId: number): Promise<SavedView | undefined> {
      const [row] = await select().where(and(eq(savedViews.id, id), visibleTo(viewerId)));
      return row ? toDto(viewerId)(row) : undefined;
    },

    /** The row, locked until the transaction ends, whoever owns it. */
    async lock(id: number): Promise<SavedViewRow | undefined> {
      const [row] = await db.select().from(savedViews).where(eq(savedViews.id, id)).for('update');
      return row;
    },

    /** Whether the owner already has a view of this name (case-insensitive), other than `exceptId`. */
    async nameTaken(ownerId: number, name: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: savedViews.id })
        .from(savedViews)
        .where(and(eq(savedViews.ownerId, ownerId), sql`lower(${savedViews.name}) = lower(${name})`, exceptId === undefined ? undefined : sql`${savedViews.id} <> ${exceptId}`))
        .limit(1);
      return row !== undefined;
    },

    /** Which of `teamIds` the user belongs to. */
    async memberOf(userId: number, teamIds: number[]): Promise<number[]> {
      if (teamIds.length === 0) return [];
      const rows = await db
        .select({ teamId: teamMembers.teamId })
        .from(teamMembers)
        .where(and(eq(teamMembers.userId, userId), inArray(teamMembers.teamId, teamIds)));
      return rows.map((r) => r.teamId);
    },

    async teamExists(teamId: number): Promise<boolean> {
      const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
      return row !== undefined;
    },

    async create(ownerId: number, input: SavedViewWrite): Promise<SavedViewRow> {
      const [{ next }] = await db
        .select({ next: sql<number>`coalesce(max(${savedViews.position}) + 1, 0)::int` })
        .from(savedViews)
        .where(eq(savedViews.ownerId, ownerId));
      const [row] = await db
        .insert(savedViews)
        .values({ ownerId, name: input.name, query: input.query, visibility: input.visibility, teamId: input.teamId, position: input.position ?? next })
        .returning();
      return row;
    },

    /** Writes the change if `version` is still current; undefined when it is not. */
    async update(id: number, version: number, input: SavedViewWrite): Promise<SavedViewRow | undefined> {
      const [row] = await db
        .update(savedViews)
        .set({ ...input, version: sql`${savedViews.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(savedViews.id, id), eq(savedViews.version, version)))
        .returning();
      return row;
    },

    async delete(id: number): Promise<void> {
      await db.delete(savedViews).where(eq(savedViews.id, id));
    },
  };
}

export type SavedViewRepository = ReturnType<typeof createSavedViewRepository>;
