import type { FastifyRequest } from 'fastify';
import { type AppAbility, rulesNotHeld } from '@crm/shared/abilities';
import { type AbilityRule, LEAD_SCOPES, type LeadScope } from '@crm/shared/schemas';
import { AppError } from '../errors/app-error';
import { requireUser, unauthenticated } from '../plugins/auth';

/**
 * Nobody grants what they do not hold (issue 18, decision 045). Every path that sets a user's role or a role's
 * permissions asks these before writing; they answer 403 `GRANT_NOT_HELD` or `OWN_ROLE` naming what is missing.
 */

/** Who is granting: the signed-in user, their role and the ability built from it. */
export interface Granter {
  userId: number;
  roleId: number;
  leadScope: LeadScope;
  ability: AppAbility;
}

/** What a role hands its holders. */
export interface Grant {
  name: string;
  lead_scope: LeadScope;
  permissions: readonly AbilityRule[];
}

export const OWN_USER_ROLE = 'You cannot change your own role. Ask another administrator.';
export const OWN_ROLE_EDIT = 'You cannot edit the role you hold. Ask another administrator.';

export function granterOf(request: FastifyRequest): Granter {
  const user = requireUser(request);
  if (!request.ability) throw unauthenticated();
  return { userId: user.id, roleId: user.role.id, leadScope: user.role.leadScope, ability: request.ability };
}

/** What of `grant` the granter lacks, in words: each rule they do not hold, and a wider lead scope than theirs. */
function notHeld(granter: Granter, grant: Pick<Grant, 'lead_scope' | 'permissions'>): string[] {
  const notHeldRules = rulesNotHeld(granter.ability, grant.permissions);
  // `manage all` holds every other rule: naming it alone says everything a role that grants it would give.
  const everything = notHeldRules.find((rule) => rule.action === 'manage' && rule.subject === 'all');
  const missing = (everything ? [everything] : notHeldRules).map((rule) => `${rule.action} ${rule.subject}`);
  // LEAD_SCOPES runs from the widest ("all") to the narrowest ("own").
  if (LEAD_SCOPES.indexOf(grant.lead_scope) < LEAD_SCOPES.indexOf(granter.leadScope)) missing.push(`the lead scope "${grant.lead_scope}"`);
  return missing;
}

function assertHolds(granter: Granter, grant: Pick<Grant, 'lead_scope' | 'permissions'>, refusal: string) {
  const missing = notHeld(granter, grant);
  if (missing.length > 0) {
    throw new AppError('GRANT_NOT_HELD', `${refusal}: it grants ${missing.join(', ')}, which you do not hold.`);
  }
}

/** Where the checks read what a role grants: the role repository. */
export interface GrantSource {
  /** Undefined for an id no role has: the save then answers 422 on it, not 403. */
  findGrant(roleId: number): Promise<Grant | undefined>;
  rulesOfPermissions(ids: number[]): Promise<AbilityRule[]>;
}

/**
 * Creating (inviting) a user with `nextRoleId`, or saving `current` with it: never one's own role, never a user whose
 * role grants more than the granter holds, never a role that does.
 */
export async function checkUserSave(roles: GrantSource, granter: Granter, nextRoleId: number, current?: { id: number; roleId: number }) {
  if (current) {
    if (current.id === granter.userId && current.roleId !== nextRoleId) throw new AppError('OWN_ROLE', OWN_USER_ROLE);
    await checkUserManage(roles, granter, current.roleId);
  }
  const next = await roles.findGrant(nextRoleId);
  if (next) assertHolds(granter, next, `You cannot assign the role "${next.name}"`);
}

/**
 * Editing, deactivating or resetting the password of a user holding `roleId`: whoever could take over that account
 * (change its email, then reset its password) would hold its role, so it counts as granting it.
 */
export async function checkUserManage(roles: GrantSource, granter: Granter, roleId: number) {
  const role = await roles.findGrant(roleId);
  if (role) assertHolds(granter, role, `You cannot change a user with the role "${role.name}"`);
}

/**
 * Creating a role, or editing `current`: never the role one holds; only a role whose every permission the granter
 * holds (so nobody strips or renames a role above them), and only into one they still hold all of.
 */
export async function checkRoleSave(
  roles: GrantSource,
  granter: Granter,
  input: { name: string; lead_scope: LeadScope; permission_ids: number[] },
  current?: { id: number } & Grant,
) {
  if (current) {
    if (current.id === granter.roleId) throw new AppError('OWN_ROLE', OWN_ROLE_EDIT);
    assertHolds(granter, current, `You cannot edit the role "${current.name}"`);
  }
  const next = { lead_scope: input.lead_scope, permissions: await roles.rulesOfPermissions(input.permission_ids) };
  assertHolds(granter, next, current ? `You cannot give the role "${current.name}" these permissions` : `You cannot create the role "${input.name}"`);
}
