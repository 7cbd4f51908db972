import { z } from 'zod';
import { textSchema } from './text';

/**
 * What a webhook may subscribe to (docs/decisions/070). `task.due` is sent when a task's reminder fires, with the task
 * as its owner would read it (docs/decisions/074).
 */
export const WEBHOOK_EVENTS = [
  'lead.created',
  'lead.updated',
  'lead.deleted',
  'lead.status_changed',
  'lead.assigned',
  'lead.comment_added',
  'task.due',
  'document.created',
  'document.updated',
  'document.deleted',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event of the "send test" button: never subscribed to, always allowed. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_SECRET_MIN = 16;
const URL_MESSAGE = 'Укажите адрес http:// или https://, например https://example.com/hooks/crm';
const EVENTS_MESSAGE = 'Выберите хотя бы одно событие';
const SECRET_MESSAGE = `Секрет — от ${WEBHOOK_SECRET_MIN} до 200 символов`;

/** An http(s) URL without a user name or password (a secret in the URL would show in lists and logs). */
export function isWebhookUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
}

const urlSchema = textSchema({ error: URL_MESSAGE }).trim().min(1, URL_MESSAGE).max(WEBHOOK_URL_MAX, URL_MESSAGE).refine(isWebhookUrl, URL_MESSAGE);
const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'Неизвестное событие' }), { error: EVENTS_MESSAGE })
  .min(1, EVENTS_MESSAGE)
  .transform((events) => [...new Set(events)]);
const secretSchema = textSchema({ error: SECRET_MESSAGE }).min(WEBHOOK_SECRET_MIN, SECRET_MESSAGE).max(200, SECRET_MESSAGE);

/** A webhook as the API lists it: never its secret, which is shown once (`WebhookWithSecret`). */
export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  failure_count: z.number().int(),
  /** Set when the webhook was turned off after failing too often. */
  disabled_reason: z.string().nullable(),
  owner: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer of a create, or of an update that replaced the secret: the only time the secret is shown. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** POST /api/webhooks. Without `secret` the server draws one. */
export const createWebhookInputSchema = z.object({
  url: urlSchema,
  events: eventsSchema,
  secret: secretSchema.optional(),
  active: z.boolean({ error: 'Укажите true или false' }).default(true),
});
export type CreateWebhookInput = z.input<typeof createWebhookInputSchema>;

/** PATCH /api/webhooks/{id}: `rotate_secret: true` draws a new secret (answered once); turning it on resets failures. */
export const updateWebhookInputSchema = z.object({
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  secret: secretSchema.optional(),
  rotate_secret: z.boolean({ error: 'Укажите true или false' }).optional(),
  active: z.boolean({ error: 'Укажите true или false' }).optional(),
});
export type UpdateWebhookInput = z.input<typeof updateWebhookInputSchema>;

/** One attempt of one delivery, as the delivery log shows it. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  delivery_id: z.string(),
  event: z.string(),
  /** The HTTP status the endpoint answered; null when no answer came (refused address, timeout). */
  status_code: z.number().int().nullable(),
  ok: z.boolean(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  attempt: z.number().int(),
  payload: z.unknown(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
