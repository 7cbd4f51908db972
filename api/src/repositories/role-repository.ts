import { asc, count, eq } from 'drizzle-orm';
import type { AbilityRule, Permission, Role } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { permissions } from '../db/schema/permissions';
import { rolePermissions } from '../db/schema/role-permissions';
import { roles } from '../db/schema/roles';
import { users } from '../db/schema/users';

export function createRoleRepository(db: Database) {
  return {
    /** The rules a role grants: what `userAbilityRules` carries and what the server enforces. */
    async rulesForRole(roleId: number): Promise<AbilityRule[]> {
      return db
        .select({ action: permissions.action, subject: permissions.subject })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(eq(rolePermissions.roleId, roleId))
        .orderBy(asc(permissions.id));
    },

    async listRoles(): Promise<Role[]> {
      const [roleRows, grants, counts] = await Promise.all([
        db.select().from(roles).orderBy(asc(roles.id)),
        db
          .select({ roleId: rolePermissions.roleId, action: permissions.action, subject: permissions.subject })
          .from(rolePermissions)
          .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
          .orderBy(asc(permissions.id)),
        db.select({ roleId: users.roleId, count: count() }).from(users).groupBy(users.roleId),
      ]);
      return roleRows.map((role) => ({
        id: role.id,
        name: role.name,
        lead_scope: role.leadScope,
        permissions: grants.filter((g) => g.roleId === role.id).map(({ action, subject }) => ({ action, subject })),
        users_count: counts.find((c) => c.roleId === role.id)?.count ?? 0,
      }));
    },

    async listPermissions(): Promise<Permission[]> {
      return db
        .select({ id: permissions.id, action: permissions.action, subject: permissions.subject, name: permissions.name })
        .from(permissions)
        .orderBy(asc(permissions.id));
    },
  };
}

export type RoleRepository = ReturnType<typeof createRoleRepository>;
