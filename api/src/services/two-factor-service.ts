import { notFound, validationFailed } from '../errors/app-error';
import { verifyPassword } from '../lib/password';
import { hashToken } from '../lib/tokens';
import { matchTotpStep, newRecoveryCode, newTotpSecret, normalizeRecoveryCode, normalizeTotpCode, totpSetupMaterial } from '../lib/totp';
import { createTwoFactorRepository, type TwoFactorRepository } from '../repositories/two-factor-repository';
import { createUserRepository } from '../repositories/user-repository';
import type { Database } from '../db/client';
import type { UserActor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

export const WRONG_TWO_FACTOR_CODE = 'This code is not valid. Enter the current code from your app or an unused recovery code.';
export const WRONG_SETUP_CODE = 'This code is not valid. Enter the current code from your app.';
export const NO_SETUP_STARTED = 'Start the set-up again: scan the new QR code.';
export const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on.';
export const TWO_FACTOR_OFF = 'Two-factor sign-in is off.';
export const TWO_FACTOR_REQUIRED_BY_ROLE = 'Your role requires two-factor sign-in, so it cannot be turned off.';
export const WRONG_PASSWORD = 'The password is not correct.';
export const RECOVERY_CODES_COUNT = 10;

/** How a second factor was given. */
export type SecondFactor = 'totp' | 'recovery_code';

/** Where authenticator apps show the account: the product and this installation's host. */
export const totpIssuer = (appUrl: string) => `CRM (${new URL(appUrl).host})`;

/**
 * Checks a code against the user's confirmed secret: a 6-digit code within ±1 step that no earlier sign-in spent,
 * or an unused recovery code (spent now). Null for anything else. Runs inside the caller's transaction.
 */
export async function checkSecondFactor(repo: TwoFactorRepository, userId: number, secret: string, input: string): Promise<SecondFactor | null> {
  const code = normalizeTotpCode(input);
  if (code) {
    const step = matchTotpStep(secret, code);
    return step !== null && (await repo.acceptStep(userId, step)) ? 'totp' : null;
  }
  const recovery = normalizeRecoveryCode(input);
  return recovery && (await repo.useRecoveryCode(userId, hashToken(recovery))) ? 'recovery_code' : null;
}

/** A new set of recovery codes replaces the old one; only their hashes are stored, the codes are answered once. */
export async function issueRecoveryCodes(repo: TwoFactorRepository, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(userId, codes.map(hashToken));
  return codes;
}

/** A pending secret for the user (replacing any earlier pending one) and what the app scans. */
export async function startSetup(repo: TwoFactorRepository, userId: number, email: string, appUrl: string) {
  const secret = newTotpSecret();
  await repo.setPendingSecret(userId, secret);
  return totpSetupMaterial(secret, email, totpIssuer(appUrl));
}

/**
 * Confirms the pending secret with a code made from it: two-factor sign-in is on from then, with a fresh set of
 * recovery codes. Null when there is no pending secret or the code does not match it.
 */
export async function confirmSetup(repo: TwoFactorRepository, userId: number, input: string): Promise<string[] | null> {
  const state = await repo.state(userId);
  const code = normalizeTotpCode(input);
  const step = state?.pendingSecret && code ? matchTotpStep(state.pendingSecret, code) : null;
  if (!state?.pendingSecret || step === null || !(await repo.confirmPendingSecret(userId, state.pendingSecret, step))) return null;
  return issueRecoveryCodes(repo, userId);
}

/**
 * The signed-in user's own two-factor sign-in (decision 071): set up, confirm, new recovery codes, turn off. Each
 * change is audited with the user as its actor; secrets and codes never reach the audit log.
 */
export function createTwoFactorService(run: RunUnitOfWork, { db, appUrl }: { db: Database; appUrl: string }) {
  const repo = createTwoFactorRepository(db);

  const requireOn = async (userId: number) => {
    const state = await repo.state(userId);
    if (!state?.secret) throw validationFailed({ code: [TWO_FACTOR_OFF] }, TWO_FACTOR_OFF);
    return { ...state, secret: state.secret };
  };

  return {
    async status(userId: number) {
      const state = await repo.state(userId);
      const enabled = Boolean(state?.secret);
      return {
        enabled,
        enabled_at: state?.enabledAt?.toISOString() ?? null,
        recovery_codes_left: enabled ? await repo.recoveryCodesLeft(userId) : 0,
        required: state?.required ?? false,
      };
    },

    /** A new pending secret; the confirmed one (if any) keeps working until it is turned off. */
    async beginSetup(actor: UserActor) {
      const state = await repo.state(actor.id);
      if (!state) throw notFound('User not found');
      if (state.secret) throw validationFailed({ code: [TWO_FACTOR_ALREADY_ON] }, TWO_FACTOR_ALREADY_ON);
      return run(actor, (uow) => startSetup(createTwoFactorRepository(uow.tx), actor.id, state.email, appUrl));
    },

    async confirmSetup(actor: UserActor, code: string): Promise<string[]> {
      return run(actor, async (uow) => {
        const codes = await confirmSetup(createTwoFactorRepository(uow.tx), actor.id, code);
        if (!codes) throw validationFailed({ code: [WRONG_SETUP_CODE] }, WRONG_SETUP_CODE);
        await uow.audit({ action: 'auth.two_factor_enabled', subjectType: 'user', subjectId: actor.id });
        return codes;
      });
    },

    /** A current code (not a recovery code: a lost set cannot be replaced with one of its own) gives a new set. */
    async regenerateRecoveryCodes(actor: UserActor, code: string): Promise<string[]> {
      const state = await requireOn(actor.id);
      const totp = normalizeTotpCode(code);
      return run(actor, async (uow) => {
        const tx = createTwoFactorRepository(uow.tx);
        const step = totp ? matchTotpStep(state.secret, totp) : null;
        if (step === null || !(await tx.acceptStep(actor.id, step))) throw validationFailed({ code: [WRONG_SETUP_CODE] }, WRONG_SETUP_CODE);
        const codes = await issueRecoveryCodes(tx, actor.id);
        await uow.audit({ action: 'auth.two_factor_recovery_codes_regenerated', subjectType: 'user', subjectId: actor.id });
        return codes;
      });
    },

    /** The password and a code (or a recovery code); refused while the role requires a second factor. */
    async disable(actor: UserActor, input: { password: string; code: string }): Promise<void> {
      const state = await requireOn(actor.id);
      if (state.required) throw validationFailed({ code: [TWO_FACTOR_REQUIRED_BY_ROLE] }, TWO_FACTOR_REQUIRED_BY_ROLE);
      const user = await createUserRepository(db).findById(actor.id);
      const passwordOk = Boolean(user && (await verifyPassword(user.passwordHash, input.password)));
      await run(actor, async (uow) => {
        const tx = createTwoFactorRepository(uow.tx);
        const errors: Record<string, string[]> = {};
        if (!passwordOk) errors.password = [WRONG_PASSWORD];
        // The code is spent only with the right password, so a wrong password does not burn a recovery code.
        else if (!(await checkSecondFactor(tx, actor.id, state.secret, input.code))) errors.code = [WRONG_TWO_FACTOR_CODE];
        if (Object.keys(errors).length) throw validationFailed(errors);
        await tx.clear(actor.id);
        await uow.audit({ action: 'auth.two_factor_disabled', subjectType: 'user', subjectId: actor.id });
      });
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
