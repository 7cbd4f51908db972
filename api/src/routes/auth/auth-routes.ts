import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  meSchema,
  messageSchema,
  resetPasswordInputSchema,
  sessionSchema,
} from '@crm/shared/schemas';
import { AppError, validationFailed } from '../../errors/app-error';
import { PASSWORD_RESET_QUEUE } from '../../jobs/password-reset-job';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password';
import { signInDelayMs } from '../../lib/sign-in-delay';
import { requireUser } from '../../plugins/auth';
import { toUserDto } from '../../repositories/user-repository';
import { bearerSecurity } from '../route-schemas';

export const INVALID_CREDENTIALS = 'These credentials do not match our records.';
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Ask an administrator to activate it.';
export const INVALID_RESET_TOKEN = 'This password reset token is invalid.';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';
export const PASSWORD_CHANGED = 'Your password has been changed. Your other sessions were signed out.';

export const RESET_LINK_SENT = 'If an account exists for that address, we have emailed a password reset link.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const limits = config.loginRateLimit;
  // Per address: every attempt counts, checked before the body is even parsed (in memory, per instance).
  const perIpLimit = { rateLimit: { max: limits.perIp, timeWindow: limits.timeWindowMs } };

  app.post(
    '/login',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description:
          'Failed attempts are limited per (email, client address): after too many the pair answers 429 for a minute, ' +
          'while the same email from other addresses still works. Many failures for one email from any addresses slow ' +
          'its answers down (progressive delay) instead of locking it. Every attempt is recorded in sign_in_attempts.',
        body: loginInputSchema,
        response: { 200: sessionSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      // The schema trimmed and lower-cased the email, so case and spacing variants count as one.
      const { email, password } = request.body;
      const ip = request.ip;
      const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
      const failures = await app.signInAttemptRepository.recentFailures({
        email,
        ip,
        pairWindowMs: limits.timeWindowMs,
        emailWindowMs: limits.slowdownWindowMs,
      });
      const user = await app.userRepository.findByEmail(email);
      const attempt = { email, ip, userId: user?.id ?? null, userAgent };

      if (failures.pair >= limits.perEmailAndIp) {
        await app.signInAttemptRepository.record({ ...attempt, succeeded: false, reason: 'locked', delayMs: 0 });
        await app.audit.record(request, { action: 'auth.sign_in_failed', actor: { id: user?.id ?? null, email }, after: { reason: 'locked' } });
        request.log.warn({ email, ip }, 'Sign-in refused: too many failures for this email from this address');
        const seconds = Math.max(1, Math.ceil(((failures.pairFreeAt?.getTime() ?? Date.now()) - Date.now()) / 1000));
        throw new AppError('RATE_LIMITED', `Too many sign-in attempts. Please try again in ${seconds} seconds.`);
      }

      const delayMs = signInDelayMs(failures.email, limits);
      if (delayMs > 0) await sleep(delayMs);

      const valid = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
      if (!user || !valid) {
        await app.signInAttemptRepository.record({ ...attempt, succeeded: false, reason: 'invalid_credentials', delayMs });
        await app.audit.record(request, { action: 'auth.sign_in_failed', actor: { id: user?.id ?? null, email }, after: { reason: 'invalid_credentials' } });
        request.log.info({ email, ip, delayMs }, 'Sign-in failed');
        throw validationFailed({ email: [INVALID_CREDENTIALS] }, INVALID_CREDENTIALS);
      }

      // Said only after the right password, so the message tells nothing to someone guessing.
      if (!user.active) {
        await app.signInAttemptRepository.record({ ...attempt, succeeded: false, reason: 'inactive', delayMs });
        throw validationFailed({ email: [ACCOUNT_DEACTIVATED] }, ACCOUNT_DEACTIVATED);
      }

      const [accessToken, userAbilityRules] = await Promise.all([
        app.authRepository.createAccessToken(user.id, config.tokenTtlHours, { userAgent, ip }),
        app.roleRepository.rulesForRole(user.role.id),
        app.signInAttemptRepository.record({ ...attempt, succeeded: true, reason: null, delayMs }),
        app.audit.record(request, { action: 'auth.sign_in', actor: { id: user.id, email: user.email }, subjectType: 'user', subjectId: user.id }),
      ]);
      request.log.info({ userId: user.id }, 'Signed in');
      return { accessToken, userData: toUserDto(user), userAbilityRules };
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'Revoke the current token', security: bearerSecurity, response: { 200: messageSchema, 401: apiErrorSchema } },
    },
    async (request) => {
      await app.authRepository.revokeAccessToken(requireUser(request).tokenId);
      return { message: 'Logged out.' };
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'The signed-in user and their rules', security: bearerSecurity, response: { 200: meSchema, 401: apiErrorSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      return { userData: toUserDto(user), userAbilityRules: user.rules };
    },
  );

  app.post(
    '/forgot-password',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link',
        body: forgotPasswordInputSchema,
        response: { 200: messageSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      // The same cheap step for every address (the job looks the account up and mails the link), so neither the
      // answer nor its timing tells who has an account.
      await app.jobs.enqueue(PASSWORD_RESET_QUEUE, { email: request.body.email });
      await app.audit.record(request, { action: 'auth.password_reset_requested', actor: { id: null, email: request.body.email } });
      // The same answer either way, so the form cannot be used to find out who has an account.
      return { message: RESET_LINK_SENT };
    },
  );

  app.post(
    '/reset-password',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the mailed token',
        body: resetPasswordInputSchema,
        response: { 200: messageSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { email, token, password } = request.body;
      const user = await app.userRepository.findByEmail(email);
      if (!user || !(await app.authRepository.consumePasswordResetToken(user.id, token))) {
        throw validationFailed({ email: [INVALID_RESET_TOKEN] }, INVALID_RESET_TOKEN);
      }
      await app.userRepository.updatePassword(user.id, await hashPassword(password));
      // Whoever knew the old password is signed out everywhere.
      await app.authRepository.revokeAllAccessTokens(user.id);
      request.log.info({ userId: user.id }, 'Password reset');
      await app.audit.record(request, { action: 'auth.password_reset', actor: { id: user.id, email: user.email }, subjectType: 'user', subjectId: user.id });
      return { message: 'Your password has been reset.' };
    },
  );

  app.post(
    '/change-password',
    {
      onRequest: app.authenticate,
      // The current password is a secret worth guessing: the same per-address limit as sign-in.
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password",
        description:
          'The current password is checked (argon2); the new one is given twice. Every other session of the user is ' +
          'signed out (their tokens revoked); the token of this request stays valid. Recorded in the audit log.',
        security: bearerSecurity,
        body: changePasswordInputSchema,
        response: { 200: messageSchema, 401: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const { current_password: current, password } = request.body;
      const user = await app.userRepository.findById(me.id);
      if (!user || !(await verifyPassword(user.passwordHash, current))) {
        throw validationFailed({ current_password: [WRONG_CURRENT_PASSWORD] }, WRONG_CURRENT_PASSWORD);
      }
      await app.userRepository.updatePassword(user.id, await hashPassword(password));
      const revoked = await app.authRepository.revokeOtherAccessTokens(user.id, me.tokenId);
      request.log.info({ userId: user.id, revoked }, 'Password changed');
      await app.audit.record(request, {
        action: 'auth.password_changed',
        actor: { id: user.id, email: user.email },
        subjectType: 'user',
        subjectId: user.id,
        after: { other_sessions_signed_out: revoked },
      });
      return { message: PASSWORD_CHANGED };
    },
  );
};
