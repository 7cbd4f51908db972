import type { z } from 'zod';
import type { createTeamInputSchema, Team, updateTeamInputSchema } from '@crm/shared/schemas';
import { createTeamRepository } from '../repositories/team-repository';
import type { Actor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

/** What the audit log keeps of a team: its fields, lead and members by id and name. */
const snapshot = (team: Team) => ({
  name: team.name,
  description: team.description,
  lead: team.lead ? { id: team.lead.id, name: team.lead.name } : null,
  members: team.members.map(({ id, name }) => ({ id, name })),
  version: team.version,
});

/** Teams: membership feeds the "team" lead scope at once, so every change is audited with who was in it. */
export function createTeamService(run: RunUnitOfWork) {
  return {
    async createTeam(actor: Actor, input: z.output<typeof createTeamInputSchema>): Promise<Team> {
      return run(actor, async (uow) => {
        const team = await createTeamRepository(uow.tx).create(input);
        await uow.audit({ action: 'team.create', subjectType: 'team', subjectId: team.id, after: snapshot(team) });
        return team;
      });
    },

    async updateTeam(actor: Actor, id: number, input: z.output<typeof updateTeamInputSchema>): Promise<Team> {
      return run(actor, async (uow) => {
        const teams = createTeamRepository(uow.tx);
        const before = await teams.find(id);
        const team = await teams.update(id, input);
        await uow.audit({ action: 'team.update', subjectType: 'team', subjectId: team.id, before: snapshot(before), after: snapshot(team) });
        return team;
      });
    },

    async deleteTeam(actor: Actor, id: number): Promise<void> {
      await run(actor, async (uow) => {
        const teams = createTeamRepository(uow.tx);
        const before = await teams.find(id);
        await teams.delete(id);
        await uow.audit({ action: 'team.delete', subjectType: 'team', subjectId: before.id, before: snapshot(before) });
      });
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
