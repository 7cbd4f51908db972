import type { AbilityRule, LeadDetail, LeadScope } from '@crm/shared/schemas';
import { roleIdsByName } from '../db/seed';
import { permissions } from '../db/schema/permissions';
import { rolePermissions } from '../db/schema/role-permissions';
import { roles } from '../db/schema/roles';
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
  if (memberIds.length > 0) await t.app.db.insert(teamMembers).values(memberIds.map((userId) => ({ teamId: team.id, userId })));
  return team.id;
}

let phoneCounter = 0;

/** A distinct, valid Russian mobile number per call ('+7 912 000 00 01', …). */
export function nextPhone(): string {
  phoneCounter += 1;
  const n = String(phoneCounter).padStart(4, '0');
  return `+7 912 000 ${n.slice(0, 2)} ${n.slice(2)}`;
}

/** A valid lead form body; override what the test is about. */
export function leadInput(statusId: number, overrides: Record<string, unknown> = {}) {
  return { surname: 'Иванов', firstname: 'Иван', patronymic: 'Иванович', phone: nextPhone(), status_id: statusId, users: [], additional_info: '', ...overrides };
}

/** Creates a lead through the API as the given caller and returns its detail. */
export async function createLeadVia(t: TestApp, headers: Record<string, string>, body: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'POST', url: '/api/leads', headers, payload: body });
  if (response.statusCode !== 201) throw new Error(`Creating a lead failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: LeadDetail }).data;
}

/** A role with exactly these rules (for 403 tests that need a missing ability without touching the seeded roles). */
export async function createRole(t: TestApp, name: string, rules: AbilityRule[], leadScope: LeadScope = 'own'): Promise<void> {
  const [role] = await t.app.db.insert(roles).values({ name, leadScope }).returning({ id: roles.id });
  const all = await t.app.db.select().from(permissions);
  const ids = rules.map((rule) => all.find((p) => p.action === rule.action && p.subject === rule.subject)!.id);
  if (ids.length > 0) await t.app.db.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: role.id, permissionId })));
}
