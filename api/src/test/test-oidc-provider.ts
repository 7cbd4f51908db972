import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider ships no types; ProviderClass below is the little the tests use.
import oidcProvider from 'oidc-provider';

interface ProviderClass {
  new (issuer: string, configuration: Record<string, unknown>): {
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    Grant: new (init: { accountId: string; clientId: string }) => { addOIDCScope(scope: string): void; save(): Promise<string> };
  };
}
const Provider = oidcProvider as ProviderClass;

/** An account of the test provider: the login typed at its dev sign-in form is the key (any password passes). */
export interface TestOidcAccount {
  email: string;
  email_verified: boolean;
  name?: string;
  /** Published as the `crm_roles` claim. */
  roles?: string[];
  /** Published as the `crm_teams` claim. */
  teams?: string[];
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The CRM's environment for this provider. */
  env: Record<string, string>;
  close: () => Promise<void>;
}

const CLIENT_ID = 'crm';
const CLIENT_SECRET = 'crm-test-client-secret-0123456789';

/** The CRM's OIDC_* for the test provider at `issuer` (known before the provider starts: see `port`). */
export function testOidcEnv(issuer: string): Record<string, string> {
  return { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET };
}

/**
 * A real OpenID Connect provider (oidc-provider, in memory) on a local port, with its development sign-in form: any
 * password passes for a login named in `accounts`. Consent is granted without asking. `port`: to know the issuer
 * before the CRM, whose callback it must register, has started (e2e).
 */
export async function startTestOidcProvider(options: {
  redirectUris: string[];
  accounts: Record<string, TestOidcAccount>;
  port?: number;
}): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['test-oidc-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'crm_roles', 'crm_teams'] },
    features: { devInteractions: { enabled: true } },
    // Fixed lifetimes, long enough for a test (the defaults' functions print a notice each).
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    async findAccount(_ctx: unknown, id: string) {
      const account = options.accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: account.email, email_verified: account.email_verified, name: account.name, crm_roles: account.roles, crm_teams: account.teams };
        },
      };
    },
    // The CRM is a first-party client: no consent screen.
    async loadExistingGrant(ctx: { oidc: { client: { clientId: string }; session: { accountId: string } } }) {
      const grant = new provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const handler = provider.callback();
  server.on('request', handler);
  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    env: testOidcEnv(issuer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
