import { and, asc, count, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUser, AdminUserQuery, LeadScope, ListedUser, User } from '@crm/shared/schemas';
import { adminUserQuerySchema } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { accessTokens } from '../db/schema/access-tokens';
import { passwordResetTokens } from '../db/schema/password-reset-tokens';
import { permissions } from '../db/schema/permissions';
import { rolePermissions } from '../db/schema/role-permissions';
import { roles } from '../db/schema/roles';
import { teamMembers } from '../db/schema/team-members';
import { teams } from '../db/schema/teams';
import { users } from '../db/schema/users';
import { AppError, notFound, validationFailed } from '../errors/app-error';

export interface UserWithRole {
  id: number;
  email: string;
  passwordHash: string;
  firstName: string;
  name: string;
  avatar: string | null;
  active: boolean;
  role: { id: number; name: string; leadScope: LeadScope };
}

const userWithRoleColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  firstName: users.firstName,
  name: users.name,
  avatar: users.avatar,
  active: users.active,
  role: { id: roles.id, name: roles.name, leadScope: roles.leadScope },
};

/** The public shape of a user (`userData`, GET /api/users). */
/** What the users page shows of a user (with `roles` joined); the list and one user read the same columns. */
const adminUserColumns = {
  id: users.id,
  name: users.name,
  firstName: users.firstName,
  email: users.email,
  avatar: users.avatar,
  active: users.active,
  version: users.version,
  createdAt: users.createdAt,
  twoFactorEnabledAt: users.twoFactorEnabledAt,
  role: { id: roles.id, name: roles.name },
};

export function toUserDto(user: Omit<UserWithRole, 'passwordHash' | 'active'>): User {
  return { id: user.id, first_name: user.firstName, name: user.name, email: user.email, role: user.role.name, avatar: user.avatar };
}

export const EMAIL_TAKEN = 'This email address is already taken.';
export const LAST_ADMIN = 'The last active user with full access (manage all) must keep it.';
export const USER_NOT_FOUND = 'User not found.';

/** Users whose role grants `manage all`: the ones who can undo any mistake. */
function holdsManageAll(): SQL {
  return exists(
    sql`(select 1 from ${rolePermissions} inner join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
      where ${rolePermissions.roleId} = ${users.roleId} and ${permissions.action} = 'manage' and ${permissions.subject} = 'all')`,
  );
}

async function roleGrantsManageAll(tx: Database, roleId: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(and(eq(rolePermissions.roleId, roleId), eq(permissions.action, 'manage'), eq(permissions.subject, 'all')))
    .limit(1);
  return Boolean(row);
}

/**
 * Throws unless at least one active `manage all` user is left once `userId` stops being one. Locks those users' rows,
 * so two admins demoting each other at once cannot both succeed.
 */
export async function ensureAnotherAdmin(tx: Database, userId: number, message = LAST_ADMIN, field = 'role_id'): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.active, true), holdsManageAll()))
    .orderBy(asc(users.id))
    .for('update', { of: users });
  if (admins.some((a) => a.id === userId) && admins.length <= 1) throw validationFailed({ [field]: [message] }, message);
}

/**
 * A reset link was mailed for the account as it was: a new password, a deactivation or another role ends every
 * outstanding one, in the same transaction as the change (the reset route then finds nothing to spend).
 */
async function endResetTokens(tx: Database, userId: number): Promise<void> {
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

interface UserInput {
  name: string;
  first_name: string;
  email: string;
  role_id: number;
  team_ids: number[];
}

export function createUserRepository(db: Database) {
  async function checkReferences(tx: Database, input: UserInput, exceptId?: number) {
    const errors: Record<string, string[]> = {};
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, input.role_id));
    if (!role) errors.role_id = ['Choose an existing role'];
    const teamIds = [...new Set(input.team_ids)];
    if (teamIds.length > 0) {
      const found = await tx.select({ id: teams.id }).from(teams).where(inArray(teams.id, teamIds));
      if (found.length !== teamIds.length) errors.team_ids = ['Choose existing teams'];
    }
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email.toLowerCase()));
    if (taken && taken.id !== exceptId) errors.email = [EMAIL_TAKEN];
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
  }

  async function setTeams(tx: Database, userId: number, teamIds: number[]) {
    await tx.delete(teamMembers).where(eq(teamMembers.userId, userId));
    const unique = [...new Set(teamIds)];
    if (unique.length > 0) await tx.insert(teamMembers).values(unique.map((teamId) => ({ teamId, userId })));
  }

  async function findAdmin(id: number, tx: Database = db): Promise<AdminUser> {
    const [row] = await tx
      .select(adminUserColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, id));
    if (!row) throw notFound(USER_NOT_FOUND);
    const memberOf = await tx
      .select({ id: teams.id, name: teams.name })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teamMembers.userId, id))
      .orderBy(asc(teams.name));
    return toAdminUser(row, memberOf);
  }

  return {
    async findById(id: number): Promise<UserWithRole | undefined> {
      const [row] = await db.select(userWithRoleColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<UserWithRole | undefined> {
      const [row] = await db
        .select(userWithRoleColumns)
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.email, email.toLowerCase()))
        .limit(1);
      return row;
    },

    /** Pickers and filters (deactivated users too, marked: they may still be named on leads). */
    async list(): Promise<ListedUser[]> {
      const rows = await db
        .select(userWithRoleColumns)
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .orderBy(asc(users.name), asc(users.id));
      return rows.map((row) => ({ ...toUserDto(row), active: row.active }));
    },

    /** The users page: search by name or email, filters by role, team and status. */
    async listPage(query: AdminUserQuery) {
      const { page, per_page, q, role_id, team_id, status } = adminUserQuerySchema.parse(query);
      const escaped = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const where = and(
        escaped ? or(ilike(users.name, escaped), ilike(users.email, escaped), ilike(users.firstName, escaped)) : undefined,
        role_id ? eq(users.roleId, role_id) : undefined,
        team_id
          ? exists(db.select({ one: sql`1` }).from(teamMembers).where(and(eq(teamMembers.userId, users.id), eq(teamMembers.teamId, team_id))))
          : undefined,
        status ? eq(users.active, status === 'active') : undefined,
      );
      const [{ total }] = await db.select({ total: count() }).from(users).where(where);
      const rows = await db
        .select(adminUserColumns)
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(where)
        .orderBy(asc(users.name), asc(users.id))
        .limit(per_page)
        .offset((page - 1) * per_page);
      const ids = rows.map((r) => r.id);
      const memberships =
        ids.length === 0
          ? []
          : await db
              .select({ userId: teamMembers.userId, id: teams.id, name: teams.name })
              .from(teamMembers)
              .innerJoin(teams, eq(teams.id, teamMembers.teamId))
              .where(inArray(teamMembers.userId, ids))
              .orderBy(asc(teams.name));
      return {
        data: rows.map((row) =>
          toAdminUser(
            row,
            memberships.filter((m) => m.userId === row.id).map(({ id, name }) => ({ id, name })),
          ),
        ),
        meta: { current_page: page, per_page, total, last_page: Math.max(1, Math.ceil(total / per_page)) },
      };
    },

    findAdmin,

    async create(input: { email: string; passwordHash: string; firstName: string; name: string; roleId: number }): Promise<number> {
      const [created] = await db
        .insert(users)
        .values({ ...input, email: input.email.toLowerCase() })
        .returning({ id: users.id });
      return created.id;
    },

    /** A user from the users page; the caller mails the invitation. */
    async createWithTeams(input: UserInput, passwordHash: string): Promise<AdminUser> {
      return db.transaction(async (tx) => {
        await checkReferences(tx, input);
        const [created] = await tx
          .insert(users)
          .values({ email: input.email.toLowerCase(), passwordHash, firstName: input.first_name, name: input.name, roleId: input.role_id })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        if (!created) throw validationFailed({ email: [EMAIL_TAKEN] });
        await setTeams(tx, created.id, input.team_ids);
        return findAdmin(created.id, tx);
      });
    },

    /** Saves the form over the version it was read at (409 when someone saved in between). */
    async update(id: number, input: UserInput & { version: number }): Promise<AdminUser> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
        if (!current) throw notFound(USER_NOT_FOUND);
        if (current.version !== input.version) {
          throw new AppError('CONFLICT', 'Someone else changed this user. Reload it before saving.');
        }
        await checkReferences(tx, input, id);
        if (input.role_id !== current.roleId && !(await roleGrantsManageAll(tx, input.role_id))) {
          await ensureAnotherAdmin(tx, id);
        }
        await tx
          .update(users)
          .set({
            email: input.email.toLowerCase(),
            firstName: input.first_name,
            name: input.name,
            roleId: input.role_id,
            version: current.version + 1,
            updatedAt: new Date(),
          })
          .where(eq(users.id, id));
        if (input.role_id !== current.roleId) await endResetTokens(tx, id);
        await setTeams(tx, id, input.team_ids);
        return findAdmin(id, tx);
      });
    },

    /** Deactivating ends every session and every reset link of the user in the same transaction. */
    async setActive(id: number, active: boolean): Promise<AdminUser> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select({ id: users.id, active: users.active, version: users.version }).from(users).where(eq(users.id, id)).for('update');
        if (!current) throw notFound(USER_NOT_FOUND);
        if (current.active !== active) {
          if (!active) await ensureAnotherAdmin(tx, id, 'The last active user with full access (manage all) cannot be deactivated.', 'active');
          await tx.update(users).set({ active, version: current.version + 1, updatedAt: new Date() }).where(eq(users.id, id));
        }
        if (!active) {
          await tx.update(accessTokens).set({ revokedAt: new Date() }).where(and(eq(accessTokens.userId, id), sql`${accessTokens.revokedAt} is null`));
          await endResetTokens(tx, id);
        }
        return findAdmin(id, tx);
      });
    },

    /** The user's own display name (profile page); the admin form's version moves on too. */
    async updateOwnName(userId: number, name: string): Promise<void> {
      await db
        .update(users)
        .set({ name, updatedAt: new Date(), version: sql`${users.version} + 1` })
        .where(eq(users.id, userId));
    },

    /** Sets (or with null clears) the avatar URL; answers the one it replaced, so its bytes can be removed. */
    async setAvatar(userId: number, avatar: string | null): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for('update');
        await tx.update(users).set({ avatar, updatedAt: new Date() }).where(eq(users.id, userId));
        return row?.avatar ?? null;
      });
    },

    /** Whether some user's avatar is this URL (the avatar route serves nothing else from the storage). */
    async avatarInUse(avatar: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.avatar, avatar)).limit(1);
      return row !== undefined;
    },

    /** The teams the user belongs to, by name. */
    async teamsOf(userId: number): Promise<{ id: number; name: string }[]> {
      return db
        .select({ id: teams.id, name: teams.name })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(eq(teamMembers.userId, userId))
        .orderBy(asc(teams.name));
    },

    /** Every path that sets a password (change, reset, forced reset) ends the reset links mailed before it. */
    async updatePassword(userId: number, passwordHash: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
        await endResetTokens(tx, userId);
      });
    },
  };
}

function toAdminUser(
  row: {
    id: number;
    name: string;
    firstName: string;
    email: string;
    avatar: string | null;
    active: boolean;
    version: number;
    createdAt: Date;
    twoFactorEnabledAt: Date | null;
    role: { id: number; name: string };
  },
  memberOf: { id: number; name: string }[],
): AdminUser {
  return {
    id: row.id,
    name: row.name,
    first_name: row.firstName,
    email: row.email,
    avatar: row.avatar,
    role: row.role,
    teams: memberOf,
    active: row.active,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    two_factor_enabled: row.twoFactorEnabledAt !== null,
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
