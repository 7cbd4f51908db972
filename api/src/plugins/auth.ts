import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AppAbility, createAbility } from '@crm/shared/abilities';
import type { AbilityAction, AbilityRule, AbilitySubject } from '@crm/shared/schemas';
import { AppError } from '../errors/app-error';
import { apiKeyMayCall } from '../lib/api-key-reach';
import type { TokenOwner } from '../repositories/auth-repository';

export type AuthUser = TokenOwner['user'] & {
  tokenId: number;
  rules: AbilityRule[];
  /** Set when the bearer is an API key (docs/decisions/072): `rules` are then the owner's narrowed to its scopes. */
  apiKey?: { id: number; name: string };
};

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    ability: AppAbility | null;
  }
  interface FastifyInstance {
    /**
     * Route hook: 401 unless the request carries a live bearer token. Routes attach it (and `authorize`) as
     * `onRequest`, so an anonymous caller gets 401 before the body is parsed or validated, never a 422. An API key
     * gets 403 unless the route admits keys (`config.apiKeys`, docs/decisions/072); `authorize` admits them by default.
     */
    authenticate: (request: FastifyRequest, reply?: FastifyReply) => Promise<void>;
    /** Route hook factory: 401 as above, then 403 unless the user's role grants `action` on `subject`. */
    authorize: (action: AbilityAction, subject: AbilitySubject) => (request: FastifyRequest, reply?: FastifyReply) => Promise<void>;
    /** As `authorize`, for a route several forms use: 403 unless the role grants at least one of the pairs. */
    authorizeAny: (pairs: [AbilityAction, AbilitySubject][]) => (request: FastifyRequest, reply?: FastifyReply) => Promise<void>;
    /** As `authorize`, for a use case that takes several abilities at once (a merge: edit and delete): 403 unless the role grants every pair. */
    authorizeAll: (pairs: [AbilityAction, AbilitySubject][]) => (request: FastifyRequest, reply?: FastifyReply) => Promise<void>;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

export const API_KEY_REFUSED = 'API keys cannot call this route.';

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Unauthenticated.');

/** The signed-in user of a route guarded by `authenticate` or `authorize`. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('ability', null);

  /** Who the bearer is: a session's user, or an API key's owner with the key's abilities. */
  async function identify(request: FastifyRequest, reply?: FastifyReply) {
    if (request.user) return;
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthenticated();
    const keyOwner = await app.apiKeys.identify(token, request, reply);
    const owner = keyOwner ?? (await app.authRepository.findTokenOwner(token));
    if (!owner) throw unauthenticated();
    // A role that now requires two-factor sign-in shuts out its users' sessions until they set it up (decision 071);
    // only session tokens carry the flag.
    if ('twoFactorSetupRequired' in owner && owner.twoFactorSetupRequired) throw new AppError('TWO_FACTOR_SETUP_REQUIRED', 'Your role requires two-factor sign-in. Sign in again to set it up.');
    const { rules } = owner;
    request.user = { ...owner.user, tokenId: owner.tokenId, rules, ...(keyOwner && { apiKey: keyOwner.apiKey }) };
    // The same rule objects the client receives, through the same function, so UI and server agree.
    request.ability = createAbility(rules);
  }

  /** Which routes an API key may call is the route's to say (lib/api-key-reach.ts), checked here for every route. */
  function refuseApiKey(request: FastifyRequest, guardedByAbility: boolean) {
    if (request.user?.apiKey && !apiKeyMayCall(request, guardedByAbility)) throw new AppError('FORBIDDEN', API_KEY_REFUSED);
  }

  async function authenticate(request: FastifyRequest, reply?: FastifyReply) {
    await identify(request, reply);
    refuseApiKey(request, false);
  }

  app.decorate('authenticate', authenticate);
  app.decorate('authorize', (action: AbilityAction, subject: AbilitySubject) => async (request: FastifyRequest, reply?: FastifyReply) => {
    await identify(request, reply);
    refuseApiKey(request, true);
    if (!request.ability?.can(action, subject)) throw new AppError('FORBIDDEN', 'This action is unauthorized.');
  });
  app.decorate('authorizeAny', (pairs: [AbilityAction, AbilitySubject][]) => async (request: FastifyRequest, reply?: FastifyReply) => {
    await identify(request, reply);
    refuseApiKey(request, true);
    if (!pairs.some(([action, subject]) => request.ability?.can(action, subject))) throw new AppError('FORBIDDEN', 'This action is unauthorized.');
  });
  app.decorate('authorizeAll', (pairs: [AbilityAction, AbilitySubject][]) => async (request: FastifyRequest, reply?: FastifyReply) => {
    await identify(request, reply);
    refuseApiKey(request, true);
    if (!pairs.every(([action, subject]) => request.ability?.can(action, subject))) throw new AppError('FORBIDDEN', 'This action is unauthorized.');
  });
}

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['repositories', 'api-keys'] });
