import { z } from 'zod';
import { abilityRuleSchema } from './mini/ability-rule';
import { textSchema } from './text';

/** Every API key starts with this, so secret scanners and people recognise a leaked one (docs/decisions/072). */
export const API_KEY_PREFIX = 'crm_';
/** How many characters of a key (its `crm_` included) lists show: enough to tell keys apart, useless to an attacker. */
export const API_KEY_SHOWN_LENGTH = 12;
export const API_KEY_NAME_MAX = 100;
/** A key lives at most a year; none lives for ever (docs/decisions/072). */
export const API_KEY_MAX_DAYS = 365;
/** The expiry choices the account page offers, in days. */
export const API_KEY_EXPIRY_CHOICES = [30, 90, 180, 365] as const;

const NAME_MESSAGE = `Название — от 1 до ${API_KEY_NAME_MAX} символов`;
const DAYS_MESSAGE = `Срок — от 1 до ${API_KEY_MAX_DAYS} дней`;
export const API_KEY_SCOPES_MESSAGE = 'Выберите хотя бы одно право';

/** POST /api/me/api-keys. Each scope must be an ability the creator holds now (422 on `scopes.N` otherwise). */
export const createApiKeyInputSchema = z.object({
  name: textSchema({ error: NAME_MESSAGE }).trim().min(1, NAME_MESSAGE).max(API_KEY_NAME_MAX, NAME_MESSAGE),
  expires_in_days: z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(1, DAYS_MESSAGE).max(API_KEY_MAX_DAYS, DAYS_MESSAGE),
  scopes: z.array(abilityRuleSchema, { error: API_KEY_SCOPES_MESSAGE }).min(1, API_KEY_SCOPES_MESSAGE).max(100),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

/** An API key as its owner's list shows it: never the key, only its first characters. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `crm_` and the next few characters, to tell keys apart. */
  prefix: z.string(),
  /** The abilities the key may use, each also needing the owner to still hold it. */
  scopes: z.array(abilityRuleSchema),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  created_at: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer of a create: the only time the key itself is shown. */
export const apiKeyWithSecretSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyWithSecret = z.infer<typeof apiKeyWithSecretSchema>;
