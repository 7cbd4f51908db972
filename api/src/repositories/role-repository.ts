import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { type AbilityRule, type Permission, type PermissionInput, type Role, ROLE_CARD_AVATARS } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { ADMIN_ROLE } from '../db/seed';
import { permissions } from '../db/schema/permissions';
import { rolePermissions } from '../db/schema/role-permissions';
import { roles } from '../db/schema/roles';
import { users } from '../db/schema/users';
import { AppError, notFound, validationFailed } from '../errors/app-error';

export const ROLE_NOT_FOUND = 'Role not found.';
export const PERMISSION_NOT_FOUND = 'Permission not found.';
export const ADMIN_KEEPS_MANAGE_ALL = `The ${ADMIN_ROLE} role always keeps manage all.`;
export const NO_ADMIN_LEFT = 'At least one active user must keep full access (manage all).';

interface RoleInput {
  name: string;
  lead_scope: Role['lead_scope'];
  two_factor_required?: boolean;
  permission_ids: number[];
}

/** Active users whose role grants `manage all`, counted inside the change's transaction. */
async function activeFullAccessUsers(tx: Database): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        sql`exists (select 1 from ${rolePermissions} inner join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
          where ${rolePermissions.roleId} = ${users.roleId} and ${permissions.action} = 'manage' and ${permissions.subject} = 'all')`,
      ),
    );
  return row.n;
}

const isUniqueViolation = (error: unknown) => {
  let e: unknown = error;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i += 1) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

export function createRoleRepository(db: Database) {
  async function listRoles(tx: Database = db, onlyId?: number): Promise<Role[]> {
    const [roleRows, grants, counts, holders] = await Promise.all([
      tx.select().from(roles).where(onlyId ? eq(roles.id, onlyId) : undefined).orderBy(asc(roles.id)),
      tx
        .select({ roleId: rolePermissions.roleId, id: permissions.id, action: permissions.action, subject: permissions.subject })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .orderBy(asc(permissions.id)),
      tx.select({ roleId: users.roleId, count: count() }).from(users).groupBy(users.roleId),
      // Every user once (a CRM has hundreds, not millions); each card keeps its first few.
      tx
        .select({ roleId: users.roleId, id: users.id, name: users.name, avatar: users.avatar })
        .from(users)
        .orderBy(sql`${users.active} desc`, asc(users.name), asc(users.id)),
    ]);
    return roleRows.map((role) => {
      const own = grants.filter((g) => g.roleId === role.id);
      return {
        id: role.id,
        name: role.name,
        lead_scope: role.leadScope,
        two_factor_required: role.twoFactorRequired,
        permissions: own.map(({ action, subject }) => ({ action, subject })),
        permission_ids: own.map((g) => g.id),
        users_count: counts.find((c) => c.roleId === role.id)?.count ?? 0,
        users: holders
          .filter((h) => h.roleId === role.id)
          .slice(0, ROLE_CARD_AVATARS)
          .map(({ id, name, avatar }) => ({ id, name, avatar })),
        version: role.version,
      };
    });
  }

  async function findRole(id: number, tx: Database = db): Promise<Role> {
    const [role] = await listRoles(tx, id);
    if (!role) throw notFound(ROLE_NOT_FOUND);
    return role;
  }

  async function checkRoleInput(tx: Database, input: RoleInput, current?: { id: number; name: string }) {
    const errors: Record<string, string[]> = {};
    const ids = [...new Set(input.permission_ids)];
    const found = ids.length === 0 ? [] : await tx.select().from(permissions).where(inArray(permissions.id, ids));
    if (found.length !== ids.length) errors.permission_ids = ['Choose existing permissions'];
    const [sameName] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, input.name));
    if (sameName && sameName.id !== current?.id) errors.name = ['A role with this name already exists'];
    if (current?.name === ADMIN_ROLE) {
      if (input.name !== ADMIN_ROLE) errors.name = [`The ${ADMIN_ROLE} role cannot be renamed`];
      if (!found.some((p) => p.action === 'manage' && p.subject === 'all')) errors.permission_ids = [ADMIN_KEEPS_MANAGE_ALL];
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
  }

  async function setGrants(tx: Database, roleId: number, permissionIds: number[]) {
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    const ids = [...new Set(permissionIds)];
    if (ids.length > 0) await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId, permissionId })));
  }

  /** The rules a role grants: what `userAbilityRules` carries and what the server enforces. */
  async function rulesForRole(roleId: number): Promise<AbilityRule[]> {
    return db
      .select({ action: permissions.action, subject: permissions.subject })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.roleId, roleId))
      .orderBy(asc(permissions.id));
  }

  return {
    /** Who holds a role: their open apps are told to refetch their abilities when it changes. */
    async userIdsWithRole(roleId: number): Promise<number[]> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.roleId, roleId));
      return rows.map((row) => row.id);
    },
    rulesForRole,
    /** Every role's id and name, in the order the roles page shows them. */
    async listRoleOptions(): Promise<{ id: number; name: string }[]> {
      return db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.id));
    },

    /** What a role grants (undefined when there is no such role: the save then answers 422 on `role_id`). */
    async findGrant(roleId: number): Promise<{ name: string; lead_scope: Role['lead_scope']; permissions: AbilityRule[] } | undefined> {
      const [role] = await db.select({ name: roles.name, leadScope: roles.leadScope }).from(roles).where(eq(roles.id, roleId));
      if (!role) return undefined;
      return { name: role.name, lead_scope: role.leadScope, permissions: await rulesForRole(roleId) };
    },
    /** The rules these permission ids stand for (unknown ids are left out: the save answers 422 for them). */
    async rulesOfPermissions(ids: number[]): Promise<AbilityRule[]> {
      if (ids.length === 0) return [];
      return db
        .select({ action: permissions.action, subject: permissions.subject })
        .from(permissions)
        .where(inArray(permissions.id, [...new Set(ids)]))
        .orderBy(asc(permissions.id));
    },

    listRoles: () => listRoles(),
    findRole: (id: number) => findRole(id),

    async createRole(input: RoleInput): Promise<Role> {
      return db.transaction(async (tx) => {
        await checkRoleInput(tx, input);
        const [row] = await tx.insert(roles).values({ name: input.name, leadScope: input.lead_scope, twoFactorRequired: input.two_factor_required ?? false }).returning({ id: roles.id });
        await setGrants(tx, row.id, input.permission_ids);
        return findRole(row.id, tx);
      });
    },

    /** A change applies to the role's users from their next request (rules are read per request). */
    async updateRole(id: number, input: RoleInput & { version: number }): Promise<Role> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
        if (!current) throw notFound(ROLE_NOT_FOUND);
        if (current.version !== input.version) throw new AppError('CONFLICT', 'Someone else changed this role. Reload it before saving.');
        await checkRoleInput(tx, input, current);
        await tx.update(roles).set({
            name: input.name,
            leadScope: input.lead_scope,
            twoFactorRequired: input.two_factor_required ?? current.twoFactorRequired,
            version: current.version + 1,
          }).where(eq(roles.id, id));
        await setGrants(tx, id, input.permission_ids);
        if ((await activeFullAccessUsers(tx)) === 0) throw validationFailed({ permission_ids: [NO_ADMIN_LEFT] }, NO_ADMIN_LEFT);
        return findRole(id, tx);
      });
    },

    async deleteRole(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
        if (!current) throw notFound(ROLE_NOT_FOUND);
        if (current.name === ADMIN_ROLE) throw new AppError('CONFLICT', `The ${ADMIN_ROLE} role cannot be deleted.`);
        const [{ n }] = await tx.select({ n: count() }).from(users).where(eq(users.roleId, id));
        if (n > 0) throw new AppError('CONFLICT', `${n} user(s) hold this role. Move them to another role first.`, undefined, { users_count: n });
        await tx.delete(roles).where(eq(roles.id, id));
      });
    },

    async listPermissions(): Promise<Permission[]> {
      const [rows, holders] = await Promise.all([
        db.select().from(permissions).orderBy(asc(permissions.id)),
        db
          .select({ permissionId: rolePermissions.permissionId, id: roles.id, name: roles.name })
          .from(rolePermissions)
          .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
          .orderBy(asc(roles.id)),
      ]);
      return rows.map((p) => ({
        id: p.id,
        action: p.action,
        subject: p.subject,
        name: p.name,
        roles: holders.filter((h) => h.permissionId === p.id).map(({ id, name }) => ({ id, name })),
        created_at: p.createdAt.toISOString(),
      }));
    },

    async findPermission(id: number): Promise<{ id: number; action: string; subject: string; name: string }> {
      const [row] = await db
        .select({ id: permissions.id, action: permissions.action, subject: permissions.subject, name: permissions.name })
        .from(permissions)
        .where(eq(permissions.id, id));
      if (!row) throw notFound(PERMISSION_NOT_FOUND);
      return row;
    },

    async createPermission(input: PermissionInput): Promise<Permission> {
      try {
        const [row] = await db.insert(permissions).values(input).returning();
        return { id: row.id, action: row.action, subject: row.subject, name: row.name, roles: [], created_at: row.createdAt.toISOString() };
      } catch (error) {
        if (isUniqueViolation(error)) throw validationFailed({ subject: ['This action and subject pair already exists'] });
        throw error;
      }
    },

    /** The name may always change; the action+subject only while no role holds it (it would change what they grant). */
    async updatePermission(id: number, input: PermissionInput): Promise<Permission> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(permissions).where(eq(permissions.id, id)).for('update');
        if (!current) throw notFound(PERMISSION_NOT_FOUND);
        const changesPair = current.action !== input.action || current.subject !== input.subject;
        if (changesPair) {
          const [{ n }] = await tx.select({ n: count() }).from(rolePermissions).where(eq(rolePermissions.permissionId, id));
          if (n > 0) throw new AppError('CONFLICT', 'Roles hold this permission: only its name can change. Add a new permission instead.');
          const [same] = await tx
            .select({ id: permissions.id })
            .from(permissions)
            .where(and(eq(permissions.action, input.action), eq(permissions.subject, input.subject)));
          if (same) throw validationFailed({ subject: ['This action and subject pair already exists'] });
        }
        await tx.update(permissions).set(input).where(eq(permissions.id, id));
        const holders = await tx
          .select({ id: roles.id, name: roles.name })
          .from(rolePermissions)
          .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
          .where(eq(rolePermissions.permissionId, id))
          .orderBy(asc(roles.id));
        return { id, ...input, roles: holders, created_at: current.createdAt.toISOString() };
      });
    },

    async deletePermission(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(permissions).where(eq(permissions.id, id)).for('update');
        if (!current) throw notFound(PERMISSION_NOT_FOUND);
        const holders = await tx
          .select({ name: roles.name })
          .from(rolePermissions)
          .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
          .where(eq(rolePermissions.permissionId, id));
        if (holders.length > 0) {
          throw new AppError('CONFLICT', `Roles hold this permission (${holders.map((h) => h.name).join(', ')}). Remove it from them first.`);
        }
        await tx.delete(permissions).where(eq(permissions.id, id));
      });
    },
  };
}

export type RoleRepository = ReturnType<typeof createRoleRepository>;
