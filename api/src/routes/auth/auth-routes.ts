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
import { requireUser } from '../../plugins/auth';
import { toUserDto } from '../../repositories/user-repository';
import { requestActor } from '../request-actor';
import { bearerSecurity } from '../route-schemas';

export { ACCOUNT_DEACTIVATED, INVALID_CREDENTIALS, INVALID_RESET_TOKEN, WRONG_CURRENT_PASSWORD } from '../../services/auth-service';
export const PASSWORD_CHANGED = 'Your password has been changed. Your other sessions were signed out.';

export const RESET_LINK_SENT = 'If an account exists for that address, we have emailed a password reset link.';

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
        response: { 200: sessionSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      // The schema trimmed and lower-cased the email, so case and spacing variants count as one.
      const { email, password } = request.body;
      const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
      const { accessToken, user, userAbilityRules } = await app.authService.signIn({ email, password, ip: request.ip, userAgent }, request.log);
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
