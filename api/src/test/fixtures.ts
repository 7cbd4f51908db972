import { roleIdsByName } from '../db/seed';
import { teamMembers } from '../db/schema/team-members';
import { teams } from '../db/schema/teams';
import { hashPassword } from '../lib/password';
import type { TestApp } from './build-test-app';

export const TEST_PASSWORD = 'user-password-1';

let passwordHash: Promise<string> | undefined;

/** A user with one of the seeded roles; all fixture users share TEST_PASSWORD (hashed once per file). */
export async function createUser(t: TestApp, input: { email: string; role: string; firstName?: string; name?: string }) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const roleIds = await roleIdsByName(t.app.db, [input.role]);
  const id = await t.app.userRepository.create({
    email: input.email,
    passwordHash: await passwordHash,
    firstName: input.firstName ?? input.email.split('@')[0],
    name: input.name ?? input.email.split('@')[0],
    roleId: roleIds[input.role],
  });
  return { id, email: input.email, token: () => t.login(input.email, TEST_PASSWORD) };
}

export async function createTeam(t: TestApp, name: string, memberIds: number[]): Promise<number> {
  const [team] = await t.app.db.insert(teams).values({ name }).returning({ id: teams.id });
  await t.app.db.insert(teamMembers).values(memberIds.map((userId) => ({ teamId: team.id, userId })));
  return team.id;
}
