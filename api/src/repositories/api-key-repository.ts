import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { createAbility } from '@crm/shared/abilities';
import { API_KEY_SHOWN_LENGTH, type AbilityRule, type ApiKey, type LeadScope } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { apiKeys } from '../db/schema/api-keys';
import { roles } from '../db/schema/roles';
import { users } from '../db/schema/users';
import { hashToken } from '../lib/tokens';
import { LAST_USED_RESOLUTION_MS, roleRules } from './bearer/bearer-owner';

/** The owner of a live key, as `authenticate` needs it (a session's owner's shape); `rules` are narrowed to its scopes. */
export interface ApiKeyOwner {
  tokenId: number;
  user: { id: number; email: string; firstName: string; name: string; avatar: string | null; role: { id: number; name: string; leadScope: LeadScope } };
  rules: AbilityRule[];
  apiKey: { id: number; name: string };
}

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  lastUsedIp: apiKeys.lastUsedIp,
  createdAt: apiKeys.createdAt,
};

type Row = { id: number; name: string; prefix: string; scopes: AbilityRule[]; expiresAt: Date; lastUsedAt: Date | null; lastUsedIp: string | null; createdAt: Date };

const toDto = (r: Row): ApiKey => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes,
  expires_at: r.expiresAt.toISOString(),
  last_used_at: r.lastUsedAt?.toISOString() ?? null,
  last_used_ip: r.lastUsedIp,
  created_at: r.createdAt.toISOString(),
});

/**
 * What a key may do now: each of its scopes that the owner's role still grants. An owner who loses an ability takes
 * it from their keys at once; a scope is never widened by the owner's `manage` or `all`.
 */
export function narrowToScopes(ownerRules: readonly AbilityRule[], scopes: readonly AbilityRule[]): AbilityRule[] {
  const owner = createAbility(ownerRules);
  return scopes.filter((scope) => owner.can(scope.action, scope.subject));
}

export function createApiKeyRepository(db: Database) {
  /** One statement per keyed request, like a session's (decision 036). */
  const keyOwner = db
    .select({
      keyId: apiKeys.id,
      keyName: apiKeys.name,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      user: { id: users.id, email: users.email, firstName: users.firstName, name: users.name, avatar: users.avatar },
      role: { id: roles.id, name: roles.name, leadScope: roles.leadScope },
      rules: roleRules,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(apiKeys.keyHash, sql.placeholder('keyHash')), isNull(apiKeys.revokedAt), gt(apiKeys.expiresAt, sql.placeholder('now')), eq(users.active, true)))
    .limit(1)
    .prepare('api_key_owner');

  return {
    async create(input: { userId: number; name: string; key: string; scopes: AbilityRule[]; expiresAt: Date }): Promise<ApiKey> {
      const [row] = await db
        .insert(apiKeys)
        .values({
          userId: input.userId,
          name: input.name,
          prefix: input.key.slice(0, API_KEY_SHOWN_LENGTH),
          keyHash: hashToken(input.key),
          scopes: input.scopes,
          expiresAt: input.expiresAt,
        })
        .returning(columns);
      return toDto(row);
    },

    /** The user's keys that still work or could (neither revoked nor expired), newest first. */
    async listOwn(userId: number): Promise<ApiKey[]> {
      const rows = await db
        .select(columns)
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt), gt(apiKeys.expiresAt, new Date())))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return rows.map(toDto);
    },

    /** Revokes one live key of this user; undefined when the id names none of theirs. */
    async revokeOwn(userId: number, id: number): Promise<ApiKey | undefined> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning(columns);
      return row && toDto(row);
    },

    /**
     * The owner of a live key of an active user who still holds `manage api-keys`, with the key's current abilities;
     * last use written at most once a minute.
     */
    async findKeyOwner(key: string, ip: string): Promise<ApiKeyOwner | undefined> {
      const now = new Date();
      const [row] = await keyOwner.execute({ keyHash: hashToken(key), now: now.toISOString() });
      if (!row) return undefined;
      const ownerRules = typeof row.rules === 'string' ? (JSON.parse(row.rules) as AbilityRule[]) : row.rules;
      // Taking `manage api-keys` from a role stops its users' keys, as with webhooks' owners (decision 070).
      if (!createAbility(ownerRules).can('manage', 'api-keys')) return undefined;
      const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
      if (row.lastUsedAt === null || row.lastUsedAt < staleBefore) {
        await db
          .update(apiKeys)
          .set({ lastUsedAt: now, lastUsedIp: ip.slice(0, 100) })
          .where(and(eq(apiKeys.id, row.keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
      }
      return {
        tokenId: 0,
        user: { ...row.user, role: row.role },
        rules: narrowToScopes(ownerRules, row.scopes),
        apiKey: { id: row.keyId, name: row.keyName },
      };
    },
  };
}

export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;
