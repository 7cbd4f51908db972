import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, sessionSchema, ssoExchangeInputSchema } from '@crm/shared/schemas';
import { notFound } from '../../errors/app-error';
import { toUserDto } from '../../repositories/user-repository';

/** The HttpOnly cookie binding a flow to the browser that began it (decision 073); only the SSO routes see it. */
export const SSO_COOKIE = 'crm_sso';
const COOKIE_PATH = '/api/auth/oidc';
export const SSO_NOT_CONFIGURED = 'Single sign-on is not configured.';

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || undefined;
  }
  return undefined;
}

/** `GET /api/auth/oidc/start`, `…/callback` (browser navigations) and `POST …/exchange` (the SPA). */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const limits = config.loginRateLimit;
  const perIpLimit = { rateLimit: { max: limits.perIp, timeWindow: limits.timeWindowMs } };
  const secure = config.appUrl.startsWith('https:') ? '; Secure' : '';
  const cookie = (value: string, maxAge: number) => `${SSO_COOKIE}=${value}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
  const service = () => {
    if (!app.ssoService) throw notFound(SSO_NOT_CONFIGURED);
    return app.ssoService;
  };
  const redirectSchema = { 302: z.null().describe('To the provider, or back to the login page'), 404: apiErrorSchema, 429: apiErrorSchema };

  app.get(
    '/oidc/start',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Begin single sign-on: redirect to the OpenID provider',
        description: 'Sends the browser to the provider with PKCE (S256), state and nonce, kept server-side under a random id in an HttpOnly cookie.',
        response: redirectSchema,
      },
    },
    async (_request, reply) => {
      const { browserId, url } = await service().start();
      return reply.header('set-cookie', cookie(browserId, config.sso!.flowTtlSeconds)).redirect(url, 302);
    },
  );

  app.get(
    '/oidc/callback',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: "The OpenID provider's answer",
        description:
          'Checks state (against this browser\'s flow), exchanges the code with the PKCE verifier, verifies the ID token and its nonce, ' +
          'and matches the user by verified email. Redirects to /build/login?sso=<one-time code> or /build/login?sso_error=<code>.',
        // The provider's parameters (RFC 6749, 9207); any other is kept for openid-client to judge.
        querystring: z.looseObject({
          code: z.string().max(2000).optional(),
          state: z.string().max(500).optional(),
          iss: z.string().max(500).optional(),
          error: z.string().max(200).optional(),
          error_description: z.string().max(2000).optional(),
        }),
        response: redirectSchema,
      },
    },
    async (request, reply) => {
      const result = await service().callback(
        {
          browserId: cookieValue(request.headers.cookie, SSO_COOKIE),
          query: new URLSearchParams(Object.entries(request.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        },
        request.log,
      );
      const target = 'handoff' in result ? `/build/login?sso=${result.handoff}` : `/build/login?sso_error=${result.error}`;
      return reply.header('set-cookie', cookie('', 0)).redirect(target, 302);
    },
  );

  app.post(
    '/oidc/exchange',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: "Exchange single sign-on's one-time code for a session",
        description: 'The code is valid once, for a minute; the answer is the same session a password sign-in gives.',
        body: ssoExchangeInputSchema,
        response: { 200: sessionSchema, 404: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
      const { accessToken, user, userAbilityRules } = await service().exchange({ code: request.body.code, ip: request.ip, userAgent }, request.log);
      return { accessToken, userData: toUserDto(user), userAbilityRules };
    },
  );
};
