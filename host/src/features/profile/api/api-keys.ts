import { api } from '@crm/shared/api-client';
import { type ApiKey, type ApiKeyWithSecret, apiKeySchema, apiKeyWithSecretSchema, type CreateApiKeyInput, dataEnvelope } from '@crm/shared/schemas';
import { z } from 'zod';

export const API_KEYS_KEY = ['/me/api-keys'] as const;

const listSchema = dataEnvelope(z.array(apiKeySchema));
const createdSchema = dataEnvelope(apiKeyWithSecretSchema);

/** GET /api/me/api-keys (manage api-keys): the caller's live keys, never the keys themselves. */
export async function getApiKeys(): Promise<ApiKey[]> {
  return listSchema.parse(await api.get<unknown>('/me/api-keys')).data;
}

/** POST /api/me/api-keys: the answer is the only time the key is shown. */
export async function createApiKey(input: CreateApiKeyInput): Promise<ApiKeyWithSecret> {
  return createdSchema.parse(await api.post<unknown>('/me/api-keys', input)).data;
}

export async function revokeApiKey(id: number): Promise<void> {
  await api.delete<unknown>(`/me/api-keys/${id}`);
}
