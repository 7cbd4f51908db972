import type { z } from 'zod';
import type { createSavedViewInputSchema, SavedView, SavedViewQuery, SavedViewVisibility } from '@crm/shared/schemas';
import { postgresErrorCode, UNIQUE_VIOLATION } from '../db/errors';
import { AppError, notFound, validationFailed } from '../errors/app-error';
import { createSavedViewRepository, type SavedViewRow, type SavedViewWrite } from '../repositories/saved-view-repository';
import type { UserActor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

/** Who writes a view, and what their abilities let them do with it (docs/decisions/077). */
export interface SavedViewCaller {
  actor: UserActor;
  /** `manage saved-views`: may share a view with a team or everyone. */
  canShare: boolean;
  /** `edit team`: may share with any team, not only their own. */
  anyTeam: boolean;
}

const viewNotFound = () => notFound('Вид не найден');
const notOwner = () => new AppError('FORBIDDEN', 'Изменить или удалить вид может только его владелец.');
const cannotShare = () => new AppError('FORBIDDEN', 'Делиться видами с командой или со всеми могут только пользователи с правом manage saved-views.');
const NAME_TAKEN = 'Вид с таким названием у вас уже есть';

const audited = (row: Pick<SavedViewRow, 'name' | 'query' | 'visibility' | 'teamId'>) => ({
  name: row.name,
  query: row.query,
  visibility: row.visibility,
  team_id: row.teamId,
});

/** Saved views of the leads list: personal, or shared by whoever holds `manage saved-views`; changed only by the owner. */
export function createSavedViewService(run: RunUnitOfWork) {
  /** 403 without the ability to share; 422 on team_id for a missing team or one the caller may not share with. */
  async function checkSharing(
    caller: SavedViewCaller,
    repo: ReturnType<typeof createSavedViewRepository>,
    visibility: SavedViewVisibility,
    teamId: number | null,
  ): Promise<void> {
    if (visibility === 'personal') return;
    if (!caller.canShare) throw cannotShare();
    if (visibility !== 'team') return;
    if (teamId === null) throw validationFailed({ team_id: ['Выберите команду'] });
    if (!(await repo.teamExists(teamId))) throw validationFailed({ team_id: ['Неизвестная команда'] });
    if (!caller.anyTeam && (await repo.memberOf(caller.actor.id, [teamId])).length === 0) {
      throw validationFailed({ team_id: ['Можно поделиться только с командой, в которой вы состоите'] });
    }
  }

  /** A name clash found by the unique index (two saves racing) answers like the check before it. */
  async function guardName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (postgresErrorCode(error) === UNIQUE_VIOLATION) throw validationFailed({ name: [NAME_TAKEN] });
      throw error;
    }
  }

  return {
    async createView(caller: SavedViewCaller, input: z.output<typeof createSavedViewInputSchema>): Promise<SavedView> {
      return run(caller.actor, async (uow) => {
        const repo = createSavedViewRepository(uow.tx);
        const visibility = input.visibility ?? 'personal';
        const teamId = visibility === 'team' ? (input.team_id ?? null) : null;
        await checkSharing(caller, repo, visibility, teamId);
        if (await repo.nameTaken(caller.actor.id, input.name)) throw validationFailed({ name: [NAME_TAKEN] });
        const row = await guardName(() => repo.create(caller.actor.id, { name: input.name, query: input.query, visibility, teamId }));
        await uow.audit({ action: 'saved_view.create', subjectType: 'saved_view', subjectId: row.id, after: audited(row) });
        return (await repo.findVisible(row.id, caller.actor.id))!;
      });
    },

    async updateView(
      caller: SavedViewCaller,
      id: number,
      input: { version: number; name?: string; query?: SavedViewQuery; visibility?: SavedViewVisibility; team_id?: number | null; position?: number },
    ): Promise<SavedView> {
      return run(caller.actor, async (uow) => {
        const repo = createSavedViewRepository(uow.tx);
        const before = await repo.lock(id);
        if (!before || !(await repo.findVisible(id, caller.actor.id))) throw viewNotFound();
        if (before.ownerId !== caller.actor.id) throw notOwner();
        if (before.version !== input.version) {
          throw new AppError('CONFLICT', 'Вид уже изменён в другом окне. Загрузите его заново, прежде чем сохранять.');
        }
        const visibility = input.visibility ?? (before.visibility as SavedViewVisibility);
        const teamId = visibility === 'team' ? (input.team_id !== undefined ? input.team_id : before.teamId) : null;
        const write: SavedViewWrite = {
          name: input.name ?? before.name,
          query: input.query ?? (before.query as SavedViewQuery),
          visibility,
          teamId,
          position: input.position ?? before.position,
        };
        // Reordering one's tabs changes nothing others see; any other change to a shared view needs the ability.
        const onlyMoved = input.name === undefined && input.query === undefined && input.visibility === undefined && input.team_id === undefined;
        if (!onlyMoved) await checkSharing(caller, repo, visibility, teamId);
        if (input.name !== undefined && (await repo.nameTaken(caller.actor.id, input.name, id))) throw validationFailed({ name: [NAME_TAKEN] });
        const row = await guardName(() => repo.update(id, input.version, write));
        if (!row) throw viewNotFound();
        await uow.audit({ action: 'saved_view.update', subjectType: 'saved_view', subjectId: id, before: audited(before), after: audited(row) });
        return (await repo.findVisible(id, caller.actor.id))!;
      });
    },

    async deleteView(caller: SavedViewCaller, id: number): Promise<void> {
      await run(caller.actor, async (uow) => {
        const repo = createSavedViewRepository(uow.tx);
        const before = await repo.lock(id);
        if (!before || !(await repo.findVisible(id, caller.actor.id))) throw viewNotFound();
        if (before.ownerId !== caller.actor.id) throw notOwner();
        await repo.delete(id);
        await uow.audit({ action: 'saved_view.delete', subjectType: 'saved_view', subjectId: id, before: audited(before) });
      });
    },
  };
}

export type SavedViewService = ReturnType<typeof createSavedViewService>;
