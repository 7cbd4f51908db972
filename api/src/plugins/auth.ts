import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AppAbility, createAbility } from '@crm/shared/abilities';
import type { AbilityAction, AbilityRule, AbilitySubject } from '@crm/shared/schemas';
import { AppError } from '../errors/app-error';
import type { TokenOwner } from '../repositories/auth-repository';

export type AuthUser = TokenOwner['user'] & { tokenId: number; rules: AbilityRule[] };

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    ability: AppAbility | null;
  }
  interface FastifyInstance {
    /**
     * Route hook: 401 unless the request carries a live bearer token. Routes attach it (and `authorize`) as
     * `onRequest`, so an anonymous caller gets 401 before the body is parsed or validated, never a 422.
     */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Route hook factory: 401 as above, then 403 unless the user's role grants `action` on `subject`. */
    authorize: (action: AbilityAction, subject: AbilitySubject) => (request: FastifyRequest) => Promise<void>;
    /** As `authorize`, for a route several forms use: 403 unless the role grants at least one of the pairs. */
    authorizeAny: (pairs: [AbilityAction, AbilitySubject][]) => (request: FastifyRequest) => Promise<void>;
    /** As `authorize`, for a use case that takes several abilities at once (a merge: edit and delete): 403 unless the role grants every pair. */
    authorizeAll: (pairs: [AbilityAction, AbilitySubject][]) => (request: FastifyRequest) => Promise<void>;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Unauthenticated.');

/** The signed-in user of a route guarded by `authenticate` or `authorize`. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('ability', null);

  async function authenticate(request: FastifyRequest) {
    if (request.user) return;
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthenticated();
    const owner = await app.authRepository.findTokenOwner(token);
    if (!owner) throw unauthenticated();
    const { rules } = owner;
    request.user = { ...owner.user, tokenId: owner.tokenId, rules };
    // The same rule objects the client receives, through the same function, so UI and server agree.
    request.ability = createAbility(rules);
  }

  app.decorate('authenticate', authenticate);
  app.decorate('authorize', (action: AbilityAction, subject: AbilitySubject) => async (request: FastifyRequest) => {
    await authenticate(request);
    if (!request.ability?.can(action, subject)) throw new AppError('FORBIDDEN', 'This action is unauthorized.');
  });
  app.decorate('authorizeAny', (pairs: [AbilityAction, AbilitySubject][]) => async (request: FastifyRequest) => {
    await authenticate(request);
    if (!pairs.some(([action, subject]) => request.ability?.can(action, subject))) throw new AppError('FORBIDDEN', 'This action is unauthorized.');
  });
  app.decorate('authorizeAll', (pairs: [AbilityAction, AbilitySubject][]) => async (request: FastifyRequest) => {
    await authenticate(request);
    if (!pairs.every(([action, subject]) => request.ability?.can(action, subject))) throw new AppError('FORBIDDEN', 'This action is unauthorized.');
  });
}

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['repositories'] });
