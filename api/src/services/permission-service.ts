import type { z } from 'zod';
import type { Permission, permissionInputSchema } from '@crm/shared/schemas';
import { createRoleRepository } from '../repositories/role-repository';
import type { Actor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

type PermissionInput = z.output<typeof permissionInputSchema>;

/** What the audit log keeps of a permission. */
const snapshot = (p: { action: string; subject: string; name: string }) => ({ action: p.action, subject: p.subject, name: p.name });

/** Permissions (the action+subject pairs roles are built from), each change audited. */
export function createPermissionService(run: RunUnitOfWork) {
  return {
    async createPermission(actor: Actor, input: PermissionInput): Promise<Permission> {
      return run(actor, async (uow) => {
        const permission = await createRoleRepository(uow.tx).createPermission(input);
        await uow.audit({ action: 'permission.create', subjectType: 'permission', subjectId: permission.id, after: snapshot(permission) });
        return permission;
      });
    },

    async updatePermission(actor: Actor, id: number, input: PermissionInput): Promise<Permission> {
      return run(actor, async (uow) => {
        const roles = createRoleRepository(uow.tx);
        const before = await roles.findPermission(id);
        const permission = await roles.updatePermission(id, input);
        await uow.audit({ action: 'permission.update', subjectType: 'permission', subjectId: permission.id, before: snapshot(before), after: snapshot(permission) });
        return permission;
      });
    },

    async deletePermission(actor: Actor, id: number): Promise<void> {
      await run(actor, async (uow) => {
        const roles = createRoleRepository(uow.tx);
        const before = await roles.findPermission(id);
        await roles.deletePermission(id);
        await uow.audit({ action: 'permission.delete', subjectType: 'permission', subjectId: before.id, before: snapshot(before) });
      });
    },
  };
}

export type PermissionService = ReturnType<typeof createPermissionService>;
