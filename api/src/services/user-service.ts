import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { AdminUser, createUserInputSchema, updateUserInputSchema } from '@crm/shared/schemas';
import { PASSWORD_RESET_QUEUE } from '../jobs/password-reset-job';
import { checkUserManage, checkUserSave, type Granter } from '../lib/grant-rules';
import { hashPassword } from '../lib/password';
import { createAuthRepository } from '../repositories/auth-repository';
import { createRoleRepository } from '../repositories/role-repository';
import { createTwoFactorRepository } from '../repositories/two-factor-repository';
import { createUserRepository } from '../repositories/user-repository';
import type { UserActor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

/** Who manages users: the actor of the audit rows, and what they hold (nobody grants what they do not hold, decision 045). */
export interface UserCaller {
  actor: UserActor;
  granter: Granter;
}

/** A hash of random bytes nobody knows: the account has no usable password until the mailed link sets one. */
const unusablePasswordHash = () => hashPassword(randomBytes(32).toString('base64url'));

/** What the audit log keeps of a user: the form's fields and the status (never a password). */
const snapshot = (user: AdminUser) => ({
  email: user.email,
  first_name: user.first_name,
  name: user.name,
  role: user.role,
  teams: user.teams,
  active: user.active,
  version: user.version,
});

/**
 * Users as administrators manage them: each change checked against what the caller holds, in one transaction with
 * its audit row and the mail it sends (queued in the same transaction).
 */
export function createUserService(run: RunUnitOfWork) {
  return {
    /** Creates the user without a usable password and mails them an invitation to choose one. */
    async createUser({ actor, granter }: UserCaller, input: z.output<typeof createUserInputSchema>): Promise<AdminUser> {
      const passwordHash = await unusablePasswordHash();
      return run(actor, async (uow) => {
        await checkUserSave(createRoleRepository(uow.tx), granter, input.role_id);
        const user = await createUserRepository(uow.tx).createWithTeams(input, passwordHash);
        await uow.audit({ action: 'user.create', subjectType: 'user', subjectId: user.id, after: snapshot(user) });
        await uow.enqueue(PASSWORD_RESET_QUEUE, { email: user.email, kind: 'invitation' });
        return user;
      });
    },

    async updateUser({ actor, granter }: UserCaller, id: number, input: z.output<typeof updateUserInputSchema>): Promise<AdminUser> {
      return run(actor, async (uow) => {
        const users = createUserRepository(uow.tx);
        const before = await users.findAdmin(id);
        await checkUserSave(createRoleRepository(uow.tx), granter, input.role_id, { id: before.id, roleId: before.role.id });
        const user = await users.update(id, input);
        await uow.audit({ action: 'user.update', subjectType: 'user', subjectId: user.id, before: snapshot(before), after: snapshot(user) });
        if (before.role.id !== user.role.id) uow.emit({ type: 'abilities.changed', userIds: [user.id] });
        return user;
      });
    },

    /** Deactivating ends every token of the user at once; activating lets them sign in again. */
    async setUserActive({ actor, granter }: UserCaller, id: number, active: boolean): Promise<AdminUser> {
      return run(actor, async (uow) => {
        const users = createUserRepository(uow.tx);
        const before = await users.findAdmin(id);
        await checkUserManage(createRoleRepository(uow.tx), granter, before.role.id);
        const user = await users.setActive(id, active);
        if (before.active !== user.active) {
          await uow.audit({
            action: user.active ? 'user.activate' : 'user.deactivate',
            subjectType: 'user',
            subjectId: user.id,
            before: { active: before.active },
            after: { active: user.active },
          });
        }
        return user;
      });
    },

    /** The old password and every session stop working, and a link to choose a new password is mailed. */
    async forcePasswordReset({ actor, granter }: UserCaller, id: number): Promise<void> {
      const passwordHash = await unusablePasswordHash();
      await run(actor, async (uow) => {
        const user = await createUserRepository(uow.tx).findAdmin(id);
        await checkUserManage(createRoleRepository(uow.tx), granter, user.role.id);
        await createUserRepository(uow.tx).updatePassword(user.id, passwordHash);
        await createAuthRepository(uow.tx).revokeAllAccessTokens(user.id);
        await uow.audit({ action: 'user.password_reset_forced', subjectType: 'user', subjectId: user.id, after: { email: user.email } });
        await uow.enqueue(PASSWORD_RESET_QUEUE, { email: user.email, kind: 'forced' });
      });
    },

    /**
     * A user who lost their second factor: the secret and recovery codes go, and every session ends, since whoever
     * holds the lost phone may hold one of them (decision 071). Resetting a user without 2FA changes nothing.
     */
    async resetTwoFactor({ actor, granter }: UserCaller, id: number): Promise<void> {
      await run(actor, async (uow) => {
        const user = await createUserRepository(uow.tx).findAdmin(id);
        await checkUserManage(createRoleRepository(uow.tx), granter, user.role.id);
        const repo = createTwoFactorRepository(uow.tx);
        const state = await repo.state(user.id);
        if (!state?.secret && !state?.pendingSecret) return;
        await repo.clear(user.id);
        await createAuthRepository(uow.tx).revokeAllAccessTokens(user.id);
        await uow.audit({ action: 'user.two_factor_reset', subjectType: 'user', subjectId: user.id, after: { email: user.email } });
      });
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
