import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  meSchema,
  messageSchema,
  resetPasswordInputSchema,
  sessionSchema,
} from '@crm/shared/schemas';
import { AppError, validationFailed } from '../../errors/app-error';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password';
import { requireUser } from '../../plugins/auth';
import { toUserDto } from '../../repositories/user-repository';
import { bearerSecurity } from '../route-schemas';

export const INVALID_CREDENTIALS = 'These credentials do not match our records.';
export const INVALID_RESET_TOKEN = 'This password reset token is invalid.';
export const RESET_LINK_SENT = 'If an account exists for that address, we have emailed a password reset link.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const { perIp, perEmailAndIp: perEmail, timeWindowMs } = config.loginRateLimit;
  // Per address: every attempt counts, checked before the body is even parsed.
  const perIpLimit = { rateLimit: { max: perIp, timeWindow: timeWindowMs } };
  // Per email: only failed attempts count, so a user who keeps signing in is not locked out.
  const emailLimiter = app.createRateLimit({
    max: perEmail,
    timeWindow: timeWindowMs,
    keyGenerator: (request) => `login-email:${(request.body as { email?: string } | undefined)?.email ?? ''}`,
  });

  app.post(
    '/login',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginInputSchema,
        response: { 200: sessionSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const limit = await emailLimiter(request, { increment: false });
      if (!limit.isAllowed && limit.remaining === 0) {
        throw new AppError('RATE_LIMITED', `Too many sign-in attempts. Please try again in ${limit.ttlInSeconds} seconds.`);
      }

      const user = await app.userRepository.findByEmail(email);
      const valid = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
      if (!user || !valid) {
        await emailLimiter(request);
        throw validationFailed({ email: [INVALID_CREDENTIALS] }, INVALID_CREDENTIALS);
      }

      const [accessToken, userAbilityRules] = await Promise.all([
        app.authRepository.createAccessToken(user.id, config.tokenTtlHours),
        app.roleRepository.rulesForRole(user.role.id),
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
      const { email } = request.body;
      const user = await app.userRepository.findByEmail(email);
      if (user) {
        const token = await app.authRepository.createPasswordResetToken(user.id, config.passwordResetTtlMinutes);
        const link = `${config.appUrl}/build/reset-password?${new URLSearchParams({ token, email: user.email })}`;
        app.mailer.send({
          to: user.email,
          subject: 'Reset your CRM password',
          text: [
            `Hello ${user.firstName},`,
            '',
            'Someone (hopefully you) asked to reset the password of your CRM account. Open this link to choose a new one:',
            link,
            '',
            `The link works once and expires in ${config.passwordResetTtlMinutes} minutes. If you did not ask for it, ignore this mail.`,
          ].join('\n'),
        });
      }
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
      return { message: 'Your password has been reset.' };
    },
  );
};
