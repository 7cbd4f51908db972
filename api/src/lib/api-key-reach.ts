import type { FastifyRequest } from 'fastify';

/**
 * Whether an API key may call a route (docs/decisions/072), declared on the route (`config.apiKeys`) where it differs
 * from the default: routes guarded by an ability admit a key whose scopes grant it; routes that only need a signed-in
 * user (the account, sessions, sign-out, notifications, realtime) refuse every key.
 * - `allowed`: a signed-in route a key may call too (GET /api/auth/me, the global search).
 * - `refused`: an ability route no key may call (managing API keys).
 */
export type ApiKeyReach = 'allowed' | 'refused';

declare module 'fastify' {
  interface FastifyContextConfig {
    apiKeys?: ApiKeyReach;
  }
}

/** Read from the matched route, never the raw URL. */
export function apiKeyMayCall(request: FastifyRequest, guardedByAbility: boolean): boolean {
  const reach = request.routeOptions.config?.apiKeys;
  return reach ? reach === 'allowed' : guardedByAbility;
}
