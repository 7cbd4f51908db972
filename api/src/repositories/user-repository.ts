import { asc, eq } from 'drizzle-orm';
import type { LeadScope, User } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { roles } from '../db/schema/roles';
import { users } from '../db/schema/users';

export interface UserWithRole {
  id: number;
  email: string;
  passwordHash: string;
  firstName: string;
  name: string;
  avatar: string | null;
  role: { id: number; name: string; leadScope: LeadScope };
}

const userWithRoleColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  firstName: users.firstName,
  name: users.name,
  avatar: users.avatar,
  role: { id: roles.id, name: roles.name, leadScope: roles.leadScope },
};

/** The public shape of a user (`userData`, GET /api/users). */
export function toUserDto(user: Omit<UserWithRole, 'passwordHash'>): User {
  return { id: user.id, first_name: user.firstName, name: user.name, email: user.email, role: user.role.name, avatar: user.avatar };
}

export function createUserRepository(db: Database) {
  return {
    async findByEmail(email: string): Promise<UserWithRole | undefined> {
      const [row] = await db
        .select(userWithRoleColumns)
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.email, email.toLowerCase()))
        .limit(1);
      return row;
    },

    async list(): Promise<User[]> {
      const rows = await db
        .select(userWithRoleColumns)
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .orderBy(asc(users.name), asc(users.id));
      return rows.map(toUserDto);
    },

    async create(input: { email: string; passwordHash: string; firstName: string; name: string; roleId: number }): Promise<number> {
      const [created] = await db
        .insert(users)
        .values({ ...input, email: input.email.toLowerCase() })
        .returning({ id: users.id });
      return created.id;
    },

    async updatePassword(userId: number, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
