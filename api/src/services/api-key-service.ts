import { randomBytes } from 'node:crypto';
import { createAbility } from '@crm/shared/abilities';
import { API_KEY_PREFIX, type AbilityRule, type ApiKey, type ApiKeyWithSecret, type CreateApiKeyInput } from '@crm/shared/schemas';
import { notFound, validationFailed } from '../errors/app-error';
import { createApiKeyRepository } from '../repositories/api-key-repository';
import type { UserActor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

export const API_KEY_NOT_FOUND = 'API-ключ не найден';
/** Nobody grants an ability they do not hold (decision 045), a key included. */
export const SCOPE_NOT_HELD = 'У вас нет этого права: ключ не может получить больше, чем у вас есть';
export const SCOPE_API_KEYS = 'Ключ не может управлять API-ключами';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `crm_` + 32 random bytes in base62 (43 characters): no `-` or `_`, so a scanner's pattern and a double-click take it whole. */
export function drawApiKey(): string {
  let n = BigInt(`0x${randomBytes(32).toString('hex')}`);
  let digits = '';
  for (let i = 0; i < 43; i += 1) {
    digits = BASE62[Number(n % 62n)] + digits;
    n /= 62n;
  }
  return `${API_KEY_PREFIX}${digits}`;
}

const DAY_MS = 86_400_000;

/** Each requested scope once, in the order given. */
const distinct = (scopes: AbilityRule[]) => scopes.filter((s, i) => scopes.findIndex((o) => o.action === s.action && o.subject === s.subject) === i);

/** What the audit log keeps of a key: never the key or its hash. */
const audited = (key: ApiKey) => ({ name: key.name, prefix: key.prefix, scopes: key.scopes, expires_at: key.expires_at });

/** The caller's own API keys (docs/decisions/072): created, listed and revoked by their owner only. */
export function createApiKeyService(run: RunUnitOfWork) {
  return {
    /** `ownerRules` are the creator's role rules now: every scope must be one of their abilities (422 by field). */
    async createApiKey(actor: UserActor, ownerRules: AbilityRule[], input: CreateApiKeyInput): Promise<ApiKeyWithSecret> {
      const owner = createAbility(ownerRules);
      const errors: Record<string, string[]> = {};
      input.scopes.forEach((scope, index) => {
        if (scope.subject === 'api-keys') errors[`scopes.${index}`] = [SCOPE_API_KEYS];
        else if (!owner.can(scope.action, scope.subject)) errors[`scopes.${index}`] = [SCOPE_NOT_HELD];
      });
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const key = drawApiKey();
      return run(actor, async (uow) => {
        const created = await createApiKeyRepository(uow.tx).create({
          userId: actor.id,
          name: input.name,
          key,
          scopes: distinct(input.scopes),
          expiresAt: new Date(Date.now() + input.expires_in_days * DAY_MS),
        });
        await uow.audit({ action: 'api_key.create', subjectType: 'api_key', subjectId: created.id, after: audited(created) });
        return { ...created, key };
      });
    },

    async revokeApiKey(actor: UserActor, id: number): Promise<void> {
      await run(actor, async (uow) => {
        const revoked = await createApiKeyRepository(uow.tx).revokeOwn(actor.id, id);
        if (!revoked) throw notFound(API_KEY_NOT_FOUND);
        await uow.audit({ action: 'api_key.revoke', subjectType: 'api_key', subjectId: id, before: audited(revoked) });
      });
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
