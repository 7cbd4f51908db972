import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_KEY_PREFIX } from '@crm/shared/schemas';
import { AppError } from '../errors/app-error';
import { type ApiKeyOwner, type ApiKeyRepository, createApiKeyRepository } from '../repositories/api-key-repository';
import { createAuditRepository } from '../repositories/audit-repository';
import { type ApiKeyService, createApiKeyService } from '../services/api-key-service';

declare module 'fastify' {
  interface FastifyInstance {
    apiKeyRepository: ApiKeyRepository;
    apiKeyService: ApiKeyService;
    apiKeys: {
      /**
       * The owner of a live API key, counted against the key's own limit (429 past it). Undefined for a token that is
       * not an API key, or a key that is unknown, revoked, expired or whose owner is inactive.
       */
      identify(token: string, request: FastifyRequest, reply?: FastifyReply): Promise<ApiKeyOwner | undefined>;
    };
  }
}

export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

const MINUTE_MS = 60_000;

/**
 * API keys (docs/decisions/072): found by `authenticate` for a `crm_` bearer, limited per key, and every call they
 * make audited (`api_key.request`) with the key's name, the matched route pattern and the status.
 */
async function apiKeysPlugin(app: FastifyInstance) {
  const repository = createApiKeyRepository(app.db);
  app.decorate('apiKeyRepository', repository);
  // The unit of work is decorated later (services); it is read when a key is created, not now.
  app.decorate('apiKeyService', createApiKeyService((actor, work) => app.unitOfWork(actor, work)));

  const keyOf = new WeakMap<FastifyRequest, number>();
  // The sign-in limits' store: in Redis when REDIS_URL is set, so every instance counts a key together.
  const limit = app.createRateLimit({
    max: app.config.apiKeys.rateLimitPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `api-key:${keyOf.get(request)}`,
  });

  app.decorate('apiKeys', {
    async identify(token: string, request: FastifyRequest, reply?: FastifyReply) {
      if (!isApiKey(token)) return undefined;
      const owner = await repository.findKeyOwner(token, request.ip);
      if (!owner) return undefined;
      keyOf.set(request, owner.apiKey.id);
      const counted = await limit(request);
      if (!counted.isAllowed && counted.isExceeded) {
        reply?.header('retry-after', String(counted.ttlInSeconds));
        throw new AppError('RATE_LIMITED', `Too many requests with this API key. Please try again in ${counted.ttlInSeconds} s.`);
      }
      return owner;
    },
  });

  // After the answer is sent: the caller does not wait for the row, and a failure to write it is logged, not answered.
  app.addHook('onResponse', async (request, reply) => {
    const key = request.user?.apiKey;
    if (!key) return;
    try {
      await createAuditRepository(app.db).record({
        action: 'api_key.request',
        actorId: request.user!.id,
        actorEmail: request.user!.email,
        subjectType: 'api_key',
        subjectId: key.id,
        after: { method: request.method, route: request.routeOptions.url ?? null, status: reply.statusCode },
        ip: request.ip,
        apiKey: key.name,
      });
    } catch (error) {
      request.log.error({ err: error }, 'The API key call could not be audited');
    }
  });
}

export const apiKeys = fp(apiKeysPlugin, { name: 'api-keys', dependencies: ['database', '@fastify/rate-limit'] });
