import * as oidc from 'openid-client';
import type { AppConfig } from '../config';

export type OidcClaims = Record<string, unknown> & { sub: string };

/** Why the provider's answer was not accepted: its code (replayed, expired, another PKCE) or anything else. */
export class OidcAnswerRefused extends Error {
  constructor(
    readonly kind: 'code' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'OidcAnswerRefused';
  }
}

/** The loopback provider of tests and local set-ups may answer over http; every other issuer is https (config.ts). */
const isLoopback = (issuer: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(issuer).hostname);

/**
 * openid-client over one provider (docs/decisions/073). Discovery happens at the first sign-in and is kept; a failed one
 * is tried again at the next, so the CRM starts while the provider is down.
 */
export function createOidcClient(settings: NonNullable<AppConfig['sso']>, redirectUri: string) {
  let configuration: Promise<oidc.Configuration> | undefined;
  const discover = () => {
    configuration ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        timeout: 10,
        execute: isLoopback(settings.issuer) ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    /** The provider's authorization URL with PKCE (S256), state and nonce. */
    async authorizationUrl(checks: { state: string; nonce: string; codeVerifier: string }): Promise<URL> {
      const config = await discover();
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    /**
     * Exchanges the code (PKCE verifier, state and nonce checked, the ID token's signature, issuer, audience and times
     * verified by openid-client) and answers the ID token's claims, completed by the userinfo endpoint for the claims
     * a provider keeps there (email, roles, groups).
     */
    async claims(query: URLSearchParams, checks: { state: string; nonce: string; codeVerifier: string }): Promise<OidcClaims> {
      const config = await discover();
      const currentUrl = new URL(redirectUri);
      currentUrl.search = query.toString();
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        if (error instanceof oidc.ResponseBodyError && error.error === 'invalid_grant') throw new OidcAnswerRefused('code', error.message);
        throw new OidcAnswerRefused('failed', error instanceof Error ? error.message : String(error));
      }
      const idClaims = tokens.claims();
      if (!idClaims) throw new OidcAnswerRefused('failed', 'The provider answered no ID token');
      if (!config.serverMetadata().userinfo_endpoint) return { ...idClaims };
      const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub).catch(() => undefined);
      // The signed ID token wins where both say something.
      return { ...userInfo, ...idClaims };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
