import type { AppConfig } from '../config';
import type { JobQueue } from '../jobs/job-queue';
import { PASSWORD_RESET_QUEUE } from '../jobs/password-reset-job';
import { AppError, validationFailed } from '../errors/app-error';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../lib/password';
import { signInDelayMs } from '../lib/sign-in-delay';
import { createAuthRepository } from '../repositories/auth-repository';
import { createRoleRepository } from '../repositories/role-repository';
import { createSignInAttemptRepository } from '../repositories/sign-in-attempt-repository';
import { createUserRepository, type UserWithRole } from '../repositories/user-repository';
import type { Database } from '../db/client';
import type { AbilityRule } from '@crm/shared/schemas';
import type { Actor, UserActor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

export const INVALID_CREDENTIALS = 'These credentials do not match our records.';
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Ask an administrator to activate it.';
export const INVALID_RESET_TOKEN = 'This password reset token is invalid.';
export const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';
export const PASSWORD_SIGN_IN_OFF = 'Password sign-in is turned off. Sign in with single sign-on.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Someone signing in: the email typed, from where and with what. */
export interface SignInAttemptInput {
  email: string;
  password: string;
  ip: string;
  userAgent: string | null;
}

export interface SignedIn {
  accessToken: string;
  user: UserWithRole;
  userAbilityRules: AbilityRule[];
}

/**
 * Signing in and out and the password's use cases. A refused attempt is recorded (sign-in attempts, audit) before
 * the refusal is thrown, so the record survives the error.
 */
export function createAuthService(
  run: RunUnitOfWork,
  {
    db,
    jobs,
    limits,
    tokenTtlHours,
    passwordSignIn,
  }: { db: Database; jobs: JobQueue; limits: AppConfig['loginRateLimit']; tokenTtlHours: number; passwordSignIn: AppConfig['passwordSignIn'] },
) {
  const attempts = createSignInAttemptRepository(db);
  const users = createUserRepository(db);
  /** With password sign-in off, only the break-glass emails (decision 073): a refusal names nobody's account. */
  const passwordAllowed = (email: string) => passwordSignIn.enabled || passwordSignIn.breakGlass.includes(email.toLowerCase());

  return {
    async signIn({ email, password, ip, userAgent }: SignInAttemptInput, log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void }): Promise<SignedIn> {
      if (!passwordAllowed(email)) {
        await run({ id: null, name: '', email, ip }, async (uow) => {
          await createSignInAttemptRepository(uow.tx).record({ email, ip, userId: null, userAgent, succeeded: false, reason: 'password_sign_in_off', delayMs: 0 });
          await uow.audit({ action: 'auth.sign_in_failed', after: { reason: 'password_sign_in_off' } });
        });
        throw new AppError('PASSWORD_SIGN_IN_OFF', PASSWORD_SIGN_IN_OFF);
      }
      const failures = await attempts.recentFailures({ email, ip, pairWindowMs: limits.timeWindowMs, emailWindowMs: limits.slowdownWindowMs });
      const user = await users.findByEmail(email);
      const attempt = { email, ip, userId: user?.id ?? null, userAgent };
      const actor: Actor = { id: user?.id ?? null, name: user?.name ?? '', email, ip };
      const refuse = async (reason: 'locked' | 'invalid_credentials' | 'inactive', delayMs: number, audited: boolean) =>
        run(actor, async (uow) => {
          await createSignInAttemptRepository(uow.tx).record({ ...attempt, succeeded: false, reason, delayMs });
          if (audited) await uow.audit({ action: 'auth.sign_in_failed', after: { reason } });
        });

      if (failures.pair >= limits.perEmailAndIp) {
        await refuse('locked', 0, true);
        log.warn({ email, ip }, 'Sign-in refused: too many failures for this email from this address');
        const seconds = Math.max(1, Math.ceil(((failures.pairFreeAt?.getTime() ?? Date.now()) - Date.now()) / 1000));
        throw new AppError('RATE_LIMITED', `Too many sign-in attempts. Please try again in ${seconds} seconds.`);
      }

      const delayMs = signInDelayMs(failures.email, limits);
      if (delayMs > 0) await sleep(delayMs);

      const valid = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
      if (!user || !valid) {
        await refuse('invalid_credentials', delayMs, true);
        log.info({ email, ip, delayMs }, 'Sign-in failed');
        throw validationFailed({ email: [INVALID_CREDENTIALS] }, INVALID_CREDENTIALS);
      }
      // Said only after the right password, so the message tells nothing to someone guessing.
      if (!user.active) {
        await refuse('inactive', delayMs, false);
        throw validationFailed({ email: [ACCOUNT_DEACTIVATED] }, ACCOUNT_DEACTIVATED);
      }

      const signedIn = await run(actor, async (uow) => {
        const accessToken = await createAuthRepository(uow.tx).createAccessToken(user.id, tokenTtlHours, { userAgent, ip });
        const userAbilityRules = await createRoleRepository(uow.tx).rulesForRole(user.role.id);
        await createSignInAttemptRepository(uow.tx).record({ ...attempt, succeeded: true, reason: null, delayMs });
        await uow.audit({ action: 'auth.sign_in', subjectType: 'user', subjectId: user.id });
        return { accessToken, user, userAbilityRules };
      });
      log.info({ userId: user.id }, 'Signed in');
      return signedIn;
    },

    async signOut(tokenId: number): Promise<void> {
      await createAuthRepository(db).revokeAccessToken(tokenId);
    },

    /**
     * The same cheap step for every address (the job looks the account up and mails the link), so neither the answer
     * nor its timing tells who has an account.
     */
    async requestPasswordReset(email: string, ip: string): Promise<void> {
      if (!passwordAllowed(email)) throw new AppError('PASSWORD_SIGN_IN_OFF', PASSWORD_SIGN_IN_OFF);
      await jobs.enqueue(PASSWORD_RESET_QUEUE, { email });
      await run({ id: null, name: '', email, ip }, (uow) => uow.audit({ action: 'auth.password_reset_requested' }));
    },

    /** A valid mailed token sets the new password; whoever knew the old one is signed out everywhere. */
    async resetPassword(input: { email: string; token: string; password: string }, ip: string): Promise<void> {
      if (!passwordAllowed(input.email)) throw new AppError('PASSWORD_SIGN_IN_OFF', PASSWORD_SIGN_IN_OFF);
      const user = await users.findByEmail(input.email);
      const passwordHash = await hashPassword(input.password);
      await run(user ? { id: user.id, name: user.name, email: user.email, ip } : null, async (uow) => {
        if (!user || !(await createAuthRepository(uow.tx).consumePasswordResetToken(user.id, input.token))) {
          throw validationFailed({ email: [INVALID_RESET_TOKEN] }, INVALID_RESET_TOKEN);
        }
        await createUserRepository(uow.tx).updatePassword(user.id, passwordHash);
        await createAuthRepository(uow.tx).revokeAllAccessTokens(user.id);
        await uow.audit({ action: 'auth.password_reset', subjectType: 'user', subjectId: user.id });
      });
    },

    /** The current password is checked; every other session of the user is signed out. Answers how many. */
    async changePassword(actor: UserActor, currentTokenId: number, input: { current: string; password: string }): Promise<number> {
      const user = await users.findById(actor.id);
      if (!user || !(await verifyPassword(user.passwordHash, input.current))) {
        throw validationFailed({ current_password: [WRONG_CURRENT_PASSWORD] }, WRONG_CURRENT_PASSWORD);
      }
      const passwordHash = await hashPassword(input.password);
      return run(actor, async (uow) => {
        await createUserRepository(uow.tx).updatePassword(user.id, passwordHash);
        const revoked = await createAuthRepository(uow.tx).revokeOtherAccessTokens(user.id, currentTokenId);
        await uow.audit({ action: 'auth.password_changed', subjectType: 'user', subjectId: user.id, after: { other_sessions_signed_out: revoked } });
        return revoked;
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
