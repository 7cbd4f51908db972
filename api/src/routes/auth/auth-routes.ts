import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  loginAnswerSchema,
  loginInputSchema,
  meSchema,
  messageSchema,
  resetPasswordInputSchema,
  sessionSchema,
  twoFactorChallengeInputSchema,
  twoFactorLoginInputSchema,
  twoFactorSetupSchema,
  twoFactorSetupSessionSchema,
} from '@crm/shared/schemas';
import { requireUser } from '../../plugins/auth';
import { toUserDto } from '../../repositories/user-repository';
import type { SignedIn } from '../../services/auth-service';
import { requestActor } from '../request-actor';
import { bearerSecurity } from '../route-schemas';

export { ACCOUNT_DEACTIVATED, INVALID_CREDENTIALS, INVALID_RESET_TOKEN, WRONG_CURRENT_PASSWORD } from '../../services/auth-service';
export const PASSWORD_CHANGED = 'Your password has been changed. Your other sessions were signed out.';

export const RESET_LINK_SENT = 'If an account exists for that address, we have emailed a password reset link.';

const userAgentOf = (headers: { 'user-agent'?: string }) => headers['user-agent']?.slice(0, 500) ?? null;
const sessionAnswer = ({ accessToken, user, userAbilityRules }: SignedIn) => ({ accessToken, userData: toUserDto(user), userAbilityRules });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const limits = config.loginRateLimit;
  // Per address: every attempt counts, checked before the body is even parsed (in memory, or in REDIS_URL so every instance counts together).
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
        response: { 200: loginAnswerSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      // The schema trimmed and lower-cased the email, so case and spacing variants count as one.
      const { email, password } = request.body;
      const outcome = await app.authService.signIn({ email, password, ip: request.ip, userAgent: userAgentOf(request.headers) }, request.log);
      if ('twoFactor' in outcome) return { two_factor: outcome.twoFactor, challenge: outcome.challenge, expires_at: outcome.expiresAt.toISOString() };
      return sessionAnswer(outcome);
    },
  );

  const twoFactorLimits =
    'Limited like the password step: a wrong code is recorded as a failed sign-in of the account (sign_in_attempts, ' +
    'audit `auth.two_factor_failed`), so the per-(email, address) lock and the progressive delay apply to codes too.';

  app.post(
    '/login/two-factor',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Complete a sign-in with a code from the authenticator app or a recovery code',
        description:
          'Takes the `code` challenge of the password step and a 6-digit code (accepted within one 30-second step either ' +
          'side of now, each step once) or an unused recovery code (spent by this sign-in). ' +
          twoFactorLimits,
        body: twoFactorLoginInputSchema,
        response: { 200: sessionSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { challenge, code } = request.body;
      const signedIn = await app.authService.completeTwoFactorSignIn({ challenge, code, ip: request.ip, userAgent: userAgentOf(request.headers) }, request.log);
      return sessionAnswer(signedIn);
    },
  );

  app.post(
    '/login/two-factor/setup',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: "Set up two-factor sign-in during sign-in (the role requires it): a secret to scan",
        description: 'Takes the `setup` challenge of the password step; answers a new secret, its otpauth URI and a QR code.',
        body: twoFactorChallengeInputSchema,
        response: { 200: twoFactorSetupSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => app.authService.beginSetupAtSignIn(request.body.challenge),
  );

  app.post(
    '/login/two-factor/confirm',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Confirm the set-up with a code and complete the sign-in',
        description: 'Answers the session and ten recovery codes, shown this once. ' + twoFactorLimits,
        body: twoFactorLoginInputSchema,
        response: { 200: twoFactorSetupSessionSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { challenge, code } = request.body;
      const signedIn = await app.authService.confirmSetupAtSignIn({ challenge, code, ip: request.ip, userAgent: userAgentOf(request.headers) }, request.log);
      return { ...sessionAnswer(signedIn), recovery_codes: signedIn.recoveryCodes };
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'Revoke the current token', security: bearerSecurity, response: { 200: messageSchema, 401: apiErrorSchema } },
    },
    async (request) => {
      await app.authService.signOut(requireUser(request).tokenId);
      return { message: 'Logged out.' };
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.authenticate,
      // An integration checks its API key here: the answer's rules are the key's (docs/decisions/072).
      config: { apiKeys: 'allowed' },
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
      await app.authService.requestPasswordReset(request.body.email, request.ip);
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
      await app.authService.resetPassword(request.body, request.ip);
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
      const revoked = await app.authService.changePassword(requestActor(request), me.tokenId, { current, password });
      request.log.info({ userId: me.id, revoked }, 'Password changed');
      return { message: PASSWORD_CHANGED };
    },
  );
};
