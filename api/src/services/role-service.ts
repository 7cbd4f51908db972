import type { z } from 'zod';
import type { createRoleInputSchema, Role, updateRoleInputSchema } from '@crm/shared/schemas';
import { checkRoleSave, type Granter } from '../lib/grant-rules';
import { createRoleRepository } from '../repositories/role-repository';
import type { UserActor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

/** Who changes roles: the actor of the audit rows, and what they hold (nobody grants what they do not hold, decision 045). */
export interface RoleCaller {
  actor: UserActor;
  granter: Granter;
}

/** What the audit log keeps of a role: what it grants (not who holds it, which changes with the users). */
const snapshot = (role: Role) => ({
  name: role.name,
  lead_scope: role.lead_scope,
  two_factor_required: role.two_factor_required,
  permissions: role.permissions,
  permission_ids: role.permission_ids,
  version: role.version,
});

/** Roles: checked against what the caller holds inside the save's transaction, audited, and announced to their holders. */
export function createRoleService(run: RunUnitOfWork) {
  return {
    async createRole({ actor, granter }: RoleCaller, input: z.output<typeof createRoleInputSchema>): Promise<Role> {
      return run(actor, async (uow) => {
        const roles = createRoleRepository(uow.tx);
        await checkRoleSave(roles, granter, input);
        const role = await roles.createRole(input);
        await uow.audit({ action: 'role.create', subjectType: 'role', subjectId: role.id, after: snapshot(role) });
        return role;
      });
    },

    /** Its holders' open apps refetch their rules at once, not only on the next focus or poll. */
    async updateRole({ actor, granter }: RoleCaller, id: number, input: z.output<typeof updateRoleInputSchema>): Promise<Role> {
      return run(actor, async (uow) => {
        const roles = createRoleRepository(uow.tx);
        const before = await roles.findRole(id);
        await checkRoleSave(roles, granter, input, before);
        const role = await roles.updateRole(id, input);
        await uow.audit({ action: 'role.update', subjectType: 'role', subjectId: role.id, before: snapshot(before), after: snapshot(role) });
        uow.emit({ type: 'abilities.changed', userIds: await roles.userIdsWithRole(role.id) });
        return role;
      });
    },

    async deleteRole({ actor }: RoleCaller, id: number): Promise<void> {
      await run(actor, async (uow) => {
        const roles = createRoleRepository(uow.tx);
        const before = await roles.findRole(id);
        await roles.deleteRole(id);
        await uow.audit({ action: 'role.delete', subjectType: 'role', subjectId: before.id, before: snapshot(before) });
      });
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
