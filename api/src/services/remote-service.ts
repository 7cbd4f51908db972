import type { Remote } from '@crm/shared/schemas';
import type { RemoteName } from '@crm/shared/routes';
import { AppError, notFound, validationFailed } from '../errors/app-error';
import type { RemoteRegistry } from '../plugins/remote-registry';
import { createRemoteRepository } from '../repositories/remote-repository';
import type { UserActor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

const audited = (remote: Remote) => ({ entry: remote.entry, version: remote.version, commit: remote.commit });

/**
 * Switching where a remote loads from (docs/decisions/052): the manifest is checked before anything changes, the
 * switch is audited, this instance serves it before answering and open pages hear of it through `remote.switched`.
 */
export function createRemoteService(run: RunUnitOfWork, { registry }: { registry: RemoteRegistry }) {
  return {
    /** 422 `{ errors: { entry: [reason] } }` when the manifest is unreachable, not JSON, another remote's, or incompatible. */
    async switchRemote(actor: UserActor, name: RemoteName, entry: string): Promise<{ remote: Remote; warnings: string[] }> {
      // Fetched before the transaction opens: a slow manifest must not hold a connection (PGlite has only one).
      const check = await registry.inspector.inspect(name, entry, registry.hostShared);
      if (!check.ok) throw validationFailed({ entry: [check.reason] }, `The remote was not switched: ${check.reason}`);
      const remote = await run(actor, async (uow) => {
        const remotes = createRemoteRepository(uow.tx);
        const before = await remotes.find(name);
        if (!before) throw notFound('Remote not found');
        await remotes.push(name, check.build, actor.id);
        const after = (await remotes.find(name))!;
        await uow.audit({ action: 'remote.switch', subjectType: 'remote', subjectId: name, before: audited(before), after: audited(after) });
        uow.afterCommit(() => registry.reload());
        uow.emit({ type: 'remote.switched', remote: name, version: after.version, rolledBack: false });
        return after;
      });
      return { remote, warnings: check.warnings };
    },

    /** A browser could not load the remote: kept for the "Модули" page (the newest few per remote). */
    async recordLoadError(actor: UserActor, name: RemoteName, report: { message: string; version: string | null }): Promise<void> {
      await run(actor, (uow) => createRemoteRepository(uow.tx).recordLoadError(name, report, actor.id));
    },

    /** Back to the entry under the active one; 409 when there is none. */
    async rollbackRemote(actor: UserActor, name: RemoteName): Promise<Remote> {
      return run(actor, async (uow) => {
        const remotes = createRemoteRepository(uow.tx);
        const before = await remotes.find(name);
        if (!before) throw notFound('Remote not found');
        if (!(await remotes.rollback(name, actor.id))) throw new AppError('CONFLICT', 'This remote has no earlier entry to go back to.');
        const after = (await remotes.find(name))!;
        await uow.audit({ action: 'remote.rollback', subjectType: 'remote', subjectId: name, before: audited(before), after: audited(after) });
        uow.afterCommit(() => registry.reload());
        uow.emit({ type: 'remote.switched', remote: name, version: after.version, rolledBack: true });
        return after;
      });
    },
  };
}

export type RemoteService = ReturnType<typeof createRemoteService>;
