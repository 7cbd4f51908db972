import { and, asc, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import { type Team, type TeamQuery, teamQuerySchema } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { teamMembers } from '../db/schema/team-members';
import { teams } from '../db/schema/teams';
import { users } from '../db/schema/users';
import { AppError, notFound, validationFailed } from '../errors/app-error';

interface TeamInput {
  name: string;
  description: string;
  lead_id: number | null;
  member_ids: number[];
}

export const TEAM_NOT_FOUND = 'Team not found.';

type TeamRow = typeof teams.$inferSelect;

/** Teams: membership is read live by the "team" lead scope, so a change counts from the next request. */
export function createTeamRepository(db: Database) {
  async function toTeams(rows: TeamRow[], tx: Database = db): Promise<Team[]> {
    const ids = rows.map((r) => r.id);
    const leadIds = rows.map((r) => r.leadId).filter((id): id is number => id !== null);
    const [members, leads] = await Promise.all([
      ids.length === 0
        ? []
        : tx
            .select({ teamId: teamMembers.teamId, id: users.id, name: users.name, avatar: users.avatar })
            .from(teamMembers)
            .innerJoin(users, eq(users.id, teamMembers.userId))
            .where(inArray(teamMembers.teamId, ids))
            .orderBy(asc(users.name), asc(users.id)),
      leadIds.length === 0
        ? []
        : tx.select({ id: users.id, name: users.name, avatar: users.avatar }).from(users).where(inArray(users.id, leadIds)),
    ]);
    return rows.map((row) => {
      const own = members.filter((m) => m.teamId === row.id).map(({ id, name, avatar }) => ({ id, name, avatar }));
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        lead: leads.find((l) => l.id === row.leadId) ?? null,
        members: own,
        members_count: own.length,
        version: row.version,
        created_at: row.createdAt.toISOString(),
      };
    });
  }

  async function find(id: number, tx: Database = db): Promise<Team> {
    const [row] = await tx.select().from(teams).where(eq(teams.id, id));
    if (!row) throw notFound(TEAM_NOT_FOUND);
    return (await toTeams([row], tx))[0];
  }

  async function checkUsers(tx: Database, input: TeamInput) {
    const errors: Record<string, string[]> = {};
    const memberIds = [...new Set(input.member_ids)];
    const wanted = [...new Set([...memberIds, ...(input.lead_id ? [input.lead_id] : [])])];
    const found = wanted.length === 0 ? [] : await tx.select({ id: users.id }).from(users).where(inArray(users.id, wanted));
    const known = new Set(found.map((f) => f.id));
    if (input.lead_id && !known.has(input.lead_id)) errors.lead_id = ['Choose an existing user'];
    if (memberIds.some((id) => !known.has(id))) errors.member_ids = ['Choose existing users'];
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
  }

  /** The lead is a member too: the team's leads are theirs to see. */
  async function setMembers(tx: Database, teamId: number, input: TeamInput) {
    await tx.delete(teamMembers).where(eq(teamMembers.teamId, teamId));
    const ids = [...new Set([...input.member_ids, ...(input.lead_id ? [input.lead_id] : [])])];
    if (ids.length > 0) await tx.insert(teamMembers).values(ids.map((userId) => ({ teamId, userId })));
  }

  return {
    find,

    async list(query: TeamQuery) {
      const { page, per_page, q } = teamQuerySchema.parse(query);
      const where = q ? ilike(teams.name, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
      const [{ total }] = await db.select({ total: count() }).from(teams).where(where);
      const rows = await db
        .select()
        .from(teams)
        .where(where)
        .orderBy(asc(teams.name), desc(teams.id))
        .limit(per_page)
        .offset((page - 1) * per_page);
      return {
        data: await toTeams(rows),
        meta: { current_page: page, per_page, total, last_page: Math.max(1, Math.ceil(total / per_page)) },
      };
    },

    async create(input: TeamInput): Promise<Team> {
      return db.transaction(async (tx) => {
        await checkUsers(tx, input);
        const [row] = await tx
          .insert(teams)
          .values({ name: input.name, description: input.description, leadId: input.lead_id })
          .returning({ id: teams.id });
        await setMembers(tx, row.id, input);
        return find(row.id, tx);
      });
    },

    async update(id: number, input: TeamInput & { version: number }): Promise<Team> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(teams).where(eq(teams.id, id)).for('update');
        if (!current) throw notFound(TEAM_NOT_FOUND);
        if (current.version !== input.version) throw new AppError('CONFLICT', 'Someone else changed this team. Reload it before saving.');
        await checkUsers(tx, input);
        await tx
          .update(teams)
          .set({ name: input.name, description: input.description, leadId: input.lead_id, version: current.version + 1, updatedAt: new Date() })
          .where(and(eq(teams.id, id)));
        await setMembers(tx, id, input);
        return find(id, tx);
      });
    },

    async delete(id: number): Promise<void> {
      const deleted = await db.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
      if (deleted.length === 0) throw notFound(TEAM_NOT_FOUND);
    },
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
