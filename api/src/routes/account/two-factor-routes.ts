import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  disableTwoFactorInputSchema,
  messageSchema,
  recoveryCodesSchema,
  twoFactorCodeInputSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@crm/shared/schemas';
import { requestActor } from '../request-actor';
import { bearerSecurity, protectedErrors } from '../route-schemas';

const tags = ['account'];

/**
 * The signed-in user's own two-factor sign-in (decision 071). Acts on the caller only. The routes that take a code or
 * the password share the sign-in's per-address limit, as change-password does.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const perIpLimit = { rateLimit: { max: app.config.loginRateLimit.perIp, timeWindow: app.config.loginRateLimit.timeWindowMs } };

  app.get(
    '/me/two-factor',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Whether two-factor sign-in is on, how many recovery codes are left, whether the role requires it',
        security: bearerSecurity,
        response: { 200: twoFactorStatusSchema, ...protectedErrors },
      },
    },
    async (request) => app.twoFactorService.status(requestActor(request).id),
  );

  app.post(
    '/me/two-factor/setup',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Start setting up: a new secret to scan (its otpauth URI and a QR code), pending until a code confirms it',
        security: bearerSecurity,
        response: { 200: twoFactorSetupSchema, 422: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => app.twoFactorService.beginSetup(requestActor(request)),
  );

  app.post(
    '/me/two-factor/confirm',
    {
      onRequest: app.authenticate,
      config: perIpLimit,
      schema: {
        tags,
        summary: 'Confirm the set-up with a code from the app: two-factor sign-in is on; answers ten recovery codes, once',
        security: bearerSecurity,
        body: twoFactorCodeInputSchema,
        response: { 200: recoveryCodesSchema, 422: apiErrorSchema, 429: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ recovery_codes: await app.twoFactorService.confirmSetup(requestActor(request), request.body.code) }),
  );

  app.post(
    '/me/two-factor/recovery-codes',
    {
      onRequest: app.authenticate,
      config: perIpLimit,
      schema: {
        tags,
        summary: 'Replace the recovery codes (a current code from the app is required); answers the new ones, once',
        security: bearerSecurity,
        body: twoFactorCodeInputSchema,
        response: { 200: recoveryCodesSchema, 422: apiErrorSchema, 429: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => ({ recovery_codes: await app.twoFactorService.regenerateRecoveryCodes(requestActor(request), request.body.code) }),
  );

  app.post(
    '/me/two-factor/disable',
    {
      onRequest: app.authenticate,
      config: perIpLimit,
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off with the password and a code (or a recovery code)',
        description: 'Refused (422) while the role requires two-factor sign-in.',
        security: bearerSecurity,
        body: disableTwoFactorInputSchema,
        response: { 200: messageSchema, 422: apiErrorSchema, 429: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request) => {
      await app.twoFactorService.disable(requestActor(request), request.body);
      return { message: 'Two-factor sign-in is off.' };
    },
  );
};
