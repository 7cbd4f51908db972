import type { AppConfig } from '../config';
import type { JobQueue } from '../jobs/job-queue';
import { PASSWORD_RESET_QUEUE } from '../jobs/password-reset-job';
import { AppError, validationFailed } from '../errors/app-error';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../lib/password';
import { signInDelayMs } from '../lib/sign-in-delay';
import { createAuthRepository } from '../repositories/auth-repository';
import { createRoleRepository } from '../repositories/role-repository';
import { createSignInAttemptRepository, type SignInAttemptRepository } from '../repositories/sign-in-attempt-repository';
import { createTwoFactorRepository } from '../repositories/two-factor-repository';
import { createUserRepository, type UserWithRole } from '../repositories/user-repository';
import type { Database } from '../db/client';
import type { AbilityRule } from '@crm/shared/schemas';
import type { Actor, UserActor } from './domain-events';
import { checkSecondFactor, confirmSetup, type SecondFactor, startSetup, WRONG_SETUP_CODE, WRONG_TWO_FACTOR_CODE } from './two-factor-service';
import type { RunUnitOfWork, UnitOfWork } from './unit-of-work';

export const INVALID_CREDENTIALS = 'These credentials do not match our records.';
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Ask an administrator to activate it.';
export const INVALID_RESET_TOKEN = 'This password reset token is invalid.';
export const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';
export const PASSWORD_SIGN_IN_OFF = 'Password sign-in is turned off. Sign in with single sign-on.';
export const INVALID_CHALLENGE = 'This sign-in has expired. Enter your email and password again.';

/** How long the step between the password and the code may take (decision 071). */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60_000;

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

/** The password step of a user with a second factor due: a challenge instead of a token (decision 071). */
export interface SignInChallenge {
  twoFactor: 'code' | 'setup';
  challenge: string;
  expiresAt: Date;
}

/** The code step: the password step's challenge and a code, from where and with what. */
export interface TwoFactorAttemptInput {
  challenge: string;
  code: string;
  ip: string;
  userAgent: string | null;
}

interface SignInLog {
  info: (o: object, m: string) => void;
  warn: (o: object, m: string) => void;
}

/**
 * Opens a password session (with its second factor when one was due): the bearer token, the role's rules, the
 * successful attempt and the audit row, in the caller's unit of work. Other ways of signing in can reuse it.
 */
export async function openSession(
  uow: UnitOfWork,
  user: UserWithRole,
  { ip, userAgent, tokenTtlHours, delayMs = 0, method }: { ip: string; userAgent: string | null; tokenTtlHours: number; delayMs?: number; method?: SecondFactor },
): Promise<SignedIn> {
  const accessToken = await createAuthRepository(uow.tx).createAccessToken(user.id, tokenTtlHours, { userAgent, ip, passwordSignIn: true });
  const userAbilityRules = await createRoleRepository(uow.tx).rulesForRole(user.role.id);
  await createSignInAttemptRepository(uow.tx).record({ email: user.email, ip, userId: user.id, userAgent, succeeded: true, reason: null, delayMs });
  await uow.audit({ action: 'auth.sign_in', subjectType: 'user', subjectId: user.id, ...(method ? { after: { second_factor: method } } : {}) });
  return { accessToken, user, userAbilityRules };
}

const rateLimited = (freeAt: Date | null) => {
  const seconds = Math.max(1, Math.ceil(((freeAt?.getTime() ?? Date.now()) - Date.now()) / 1000));
  return new AppError('RATE_LIMITED', `Too many sign-in attempts. Please try again in ${seconds} seconds.`);
};

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
    appUrl,
  }: {
    db: Database;
    jobs: JobQueue;
    limits: AppConfig['loginRateLimit'];
    tokenTtlHours: number;
    passwordSignIn: AppConfig['passwordSignIn'];
    appUrl: string;
  },
) {
  const attempts = createSignInAttemptRepository(db);
  const users = createUserRepository(db);
  /** With password sign-in off, only the break-glass emails (decision 073): a refusal names nobody's account. */
  const passwordAllowed = (email: string) => passwordSignIn.enabled || passwordSignIn.breakGlass.includes(email.toLowerCase());

  const liveChallenge = async (token: string, kind: 'code' | 'setup') => {
    const challenge = await createTwoFactorRepository(db).findChallenge(token);
    if (!challenge || challenge.kind !== kind) throw validationFailed({ challenge: [INVALID_CHALLENGE] }, INVALID_CHALLENGE);
    return challenge;
  };

  /**
   * The code steps are limited as the password step is, by the account's email and the client's address: locked
   * after too many failures, slowed down by many; `refuse` records a wrong code as a failure and audits it.
   */
  const openChallenge = async (token: string, kind: 'code' | 'setup', ip: string, userAgent: string | null, log: SignInLog) => {
    const challenge = await liveChallenge(token, kind);
    const user = await users.findById(challenge.userId);
    if (!user?.active) throw validationFailed({ challenge: [INVALID_CHALLENGE] }, INVALID_CHALLENGE);
    const actor: Actor = { id: user.id, name: user.name, email: user.email, ip };
    const attempt = { email: user.email, ip, userId: user.id, userAgent };
    const record = (repo: SignInAttemptRepository, reason: 'locked' | 'invalid_two_factor_code', delayMs: number) =>
      repo.record({ ...attempt, succeeded: false, reason, delayMs });
    const failures = await attempts.recentFailures({ email: user.email, ip, pairWindowMs: limits.timeWindowMs, emailWindowMs: limits.slowdownWindowMs });
    if (failures.pair >= limits.perEmailAndIp) {
      await run(actor, async (uow) => {
        await record(createSignInAttemptRepository(uow.tx), 'locked', 0);
        await uow.audit({ action: 'auth.sign_in_failed', subjectType: 'user', subjectId: user.id, after: { reason: 'locked' } });
      });
      log.warn({ email: user.email, ip }, 'Sign-in refused: too many failures for this email from this address');
      throw rateLimited(failures.pairFreeAt);
    }
    const delayMs = signInDelayMs(failures.email, limits);
    if (delayMs > 0) await sleep(delayMs);
    const refuse = () =>
      run(actor, async (uow) => {
        await record(createSignInAttemptRepository(uow.tx), 'invalid_two_factor_code', delayMs);
        await uow.audit({ action: 'auth.two_factor_failed', subjectType: 'user', subjectId: user.id, after: { step: kind } });
      });
    return { live: challenge, user, delayMs, refuse };
  };

  return {
    /**
     * The password step. A user without a second factor gets the session as before; one with it on gets a `code`
     * challenge; one whose role requires it before they set it up gets a `setup` challenge, never a token.
     */
    async signIn({ email, password, ip, userAgent }: SignInAttemptInput, log: SignInLog): Promise<SignedIn | SignInChallenge> {
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
        throw rateLimited(failures.pairFreeAt);
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

      const twoFactor = await createTwoFactorRepository(db).state(user.id);
      const step = twoFactor?.secret ? 'code' : twoFactor?.required ? 'setup' : null;
      if (step) {
        // No attempt is recorded yet: a success here would reset the failure count the code step is limited by.
        const challenge = await run(actor, async (uow) => {
          const repo = createTwoFactorRepository(uow.tx);
          await repo.dropSpentChallenges(user.id);
          return repo.createChallenge(user.id, step, TWO_FACTOR_CHALLENGE_TTL_MS);
        });
        log.info({ userId: user.id, step }, 'Password accepted; second factor due');
        return { twoFactor: step, challenge: challenge.token, expiresAt: challenge.expiresAt };
      }

      const signedIn = await run(actor, (uow) => openSession(uow, user, { ip, userAgent, tokenTtlHours, delayMs }));
      log.info({ userId: user.id }, 'Signed in');
      return signedIn;
    },

    /**
     * The code step: a 6-digit code (±1 step, each step once) or an unused recovery code completes the sign-in the
     * challenge began. A wrong code counts as a failed sign-in of the account's email (limits, delay, audit).
     */
    async completeTwoFactorSignIn({ challenge, code, ip, userAgent }: TwoFactorAttemptInput, log: SignInLog): Promise<SignedIn> {
      const { live, user, delayMs, refuse } = await openChallenge(challenge, 'code', ip, userAgent, log);
      const twoFactor = await createTwoFactorRepository(db).state(user.id);
      const actor: Actor = { id: user.id, name: user.name, email: user.email, ip };
      const signedIn = await run(actor, async (uow) => {
        const repo = createTwoFactorRepository(uow.tx);
        const method = twoFactor?.secret ? await checkSecondFactor(repo, user.id, twoFactor.secret, code) : null;
        if (!method) return null;
        if (!(await repo.spendChallenge(live.id))) return null;
        return openSession(uow, user, { ip, userAgent, tokenTtlHours, delayMs, method });
      });
      if (!signedIn) {
        await refuse();
        log.info({ userId: user.id, ip }, 'Sign-in failed: wrong second factor');
        throw validationFailed({ code: [WRONG_TWO_FACTOR_CODE] }, WRONG_TWO_FACTOR_CODE);
      }
      log.info({ userId: user.id }, 'Signed in with a second factor');
      return signedIn;
    },

    /** A `setup` challenge's first step: a pending secret to scan. The challenge stays open for the confirmation. */
    async beginSetupAtSignIn(token: string) {
      const challenge = await liveChallenge(token, 'setup');
      const user = await users.findById(challenge.userId);
      const state = await createTwoFactorRepository(db).state(challenge.userId);
      // Turned on elsewhere since the password step: the next sign-in asks for a code instead.
      if (!user || state?.secret) throw validationFailed({ challenge: [INVALID_CHALLENGE] }, INVALID_CHALLENGE);
      return run({ id: user.id, name: user.name, email: user.email, ip: null }, (uow) =>
        startSetup(createTwoFactorRepository(uow.tx), user.id, user.email, appUrl),
      );
    },

    /** A `setup` challenge's last step: a code from the new secret turns 2FA on and opens the session. */
    async confirmSetupAtSignIn({ challenge, code, ip, userAgent }: TwoFactorAttemptInput, log: SignInLog): Promise<SignedIn & { recoveryCodes: string[] }> {
      const { live, user, delayMs, refuse } = await openChallenge(challenge, 'setup', ip, userAgent, log);
      const actor: Actor = { id: user.id, name: user.name, email: user.email, ip };
      const signedIn = await run(actor, async (uow) => {
        const repo = createTwoFactorRepository(uow.tx);
        const recoveryCodes = await confirmSetup(repo, user.id, code);
        if (!recoveryCodes || !(await repo.spendChallenge(live.id))) return null;
        await uow.audit({ action: 'auth.two_factor_enabled', subjectType: 'user', subjectId: user.id });
        return { ...(await openSession(uow, user, { ip, userAgent, tokenTtlHours, delayMs, method: 'totp' })), recoveryCodes };
      });
      if (!signedIn) {
        await refuse();
        throw validationFailed({ code: [WRONG_SETUP_CODE] }, WRONG_SETUP_CODE);
      }
      log.info({ userId: user.id }, 'Two-factor sign-in set up at sign-in');
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
