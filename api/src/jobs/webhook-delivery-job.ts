import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { WebhookDelivery } from '@crm/shared/schemas';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, sendWebhookRequest, signBody, type WebhookResponse } from '../lib/webhook-request';
import { createWebhookRepository, type WebhookTarget } from '../repositories/webhook-repository';
import type { JobDefinition } from './job-queue';

declare module './job-queue' {
  interface JobDataByName {
    'webhook-delivery': { webhookId: number; deliveryId: string; event: string; body: string };
  }
}

export const WEBHOOK_QUEUE = 'webhook-delivery';

/** The headers of one attempt: the body's signature, when it was sent, what and which delivery it is. */
export function deliveryHeaders(secret: string, body: string, event: string, deliveryId: string): Record<string, string> {
  return {
    [SIGNATURE_HEADER]: signBody(secret, body),
    [TIMESTAMP_HEADER]: String(Math.floor(Date.now() / 1000)),
    [EVENT_HEADER]: event,
    [DELIVERY_HEADER]: deliveryId,
    'user-agent': 'CRM-Webhooks/1',
  };
}

/** Sends one body to a webhook and writes the attempt to its delivery log. */
export async function attemptDelivery(
  app: FastifyInstance,
  target: WebhookTarget,
  delivery: { deliveryId: string; event: string; body: string; attempt: number },
): Promise<WebhookResponse & { logged: WebhookDelivery }> {
  const answer = await sendWebhookRequest({
    url: target.url,
    body: delivery.body,
    headers: deliveryHeaders(target.secret, delivery.body, delivery.event, delivery.deliveryId),
    allowPrivate: app.config.webhooks.allowPrivate,
    timeoutMs: app.config.webhooks.timeoutMs,
  });
  const logged = await createWebhookRepository(app.db).recordDelivery({
    webhookId: target.id,
    deliveryId: delivery.deliveryId,
    event: delivery.event,
    payload: JSON.parse(delivery.body) as unknown,
    statusCode: answer.statusCode,
    durationMs: answer.durationMs,
    error: answer.error,
    attempt: delivery.attempt,
  });
  return { ...answer, logged };
}

/**
 * Delivers one event to one webhook (docs/decisions/070). A failed attempt is logged and thrown, so the queue retries
 * it with back-off; `disableAfterFailures` failed attempts in a row turn the webhook off and tell its owner. A webhook
 * turned off, deleted, or whose owner can no longer act gets nothing more.
 */
export function webhookDeliveryJob(app: FastifyInstance, isOwnerAllowed: (ownerId: number) => Promise<boolean>): JobDefinition<typeof WEBHOOK_QUEUE> {
  const { retryLimit, disableAfterFailures } = app.config.webhooks;
  return {
    name: WEBHOOK_QUEUE,
    schema: z.object({ webhookId: z.number().int(), deliveryId: z.string(), event: z.string(), body: z.string() }),
    retryLimit,
    concurrency: 4,
    async run(data, context) {
      const repo = createWebhookRepository(app.db);
      const target = await repo.target(data.webhookId);
      if (!target?.active || !(await isOwnerAllowed(target.ownerId))) return;
      const answer = await attemptDelivery(app, target, { ...data, attempt: context.attempt });
      const outcome = await repo.countOutcome(target.id, answer.error === null);
      if (answer.error === null || !outcome) return;
      if (outcome.failureCount >= disableAfterFailures) {
        await app.unitOfWork(null, async (uow) => {
          if (!(await createWebhookRepository(uow.tx).disable(target.id, `${outcome.failureCount} неудачных попыток подряд; последняя: ${answer.error}`))) return;
          uow.emit({ type: 'webhook.disabled', webhookId: target.id, ownerId: target.ownerId, url: target.url, failures: outcome.failureCount });
        });
        return;
      }
      throw new Error(`Webhook ${target.id}: ${answer.error}`);
    },
  };
}
