import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { WEBHOOK_TEST_EVENT, type Webhook, type WebhookDelivery, type WebhookWithSecret } from '@crm/shared/schemas';
import { notFound, validationFailed } from '../errors/app-error';
import { attemptDelivery } from '../jobs/webhook-delivery-job';
import { BlockedAddressError, resolveWebhookHost } from '../lib/webhook-request';
import { createWebhookRepository } from '../repositories/webhook-repository';
import type { UserActor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

const webhookNotFound = () => notFound('Вебхук не найден');
/** What the audit log keeps of a webhook: never its secret. */
const audited = (hook: Pick<Webhook, 'url' | 'events' | 'active'>) => ({ url: hook.url, events: hook.events, active: hook.active });
/** A drawn secret: 32 random bytes, prefixed so a leaked one is recognisable in logs and scanners. */
const drawSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * Registering webhooks and trying them (docs/decisions/070). The URL's host is resolved and checked when it is saved
 * (422 on `url` for an internal or unknown address) and again before every attempt.
 */
export function createWebhookService(run: RunUnitOfWork, app: FastifyInstance) {
  async function checkUrl(url: string | undefined) {
    if (url === undefined) return;
    try {
      await resolveWebhookHost(new URL(url), app.config.webhooks.allowPrivate);
    } catch (error) {
      if (error instanceof BlockedAddressError) throw validationFailed({ url: [error.message] });
      throw error;
    }
  }

  return {
    async createWebhook(actor: UserActor, input: { url: string; events: string[]; secret?: string; active: boolean }): Promise<WebhookWithSecret> {
      await checkUrl(input.url);
      const secret = input.secret ?? drawSecret();
      return run(actor, async (uow) => {
        const hook = await createWebhookRepository(uow.tx).create({ url: input.url, events: input.events, secret, ownerId: actor.id, active: input.active });
        await uow.audit({ action: 'webhook.create', subjectType: 'webhook', subjectId: hook.id, after: audited(hook) });
        return { ...hook, secret };
      });
    },

    /** Answers the secret only when this change replaced it. */
    async updateWebhook(
      actor: UserActor,
      id: number,
      input: { url?: string; events?: string[]; secret?: string; rotate_secret?: boolean; active?: boolean },
    ): Promise<Webhook | WebhookWithSecret> {
      await checkUrl(input.url);
      const secret = input.secret ?? (input.rotate_secret ? drawSecret() : undefined);
      return run(actor, async (uow) => {
        const repo = createWebhookRepository(uow.tx);
        const before = await repo.find(id);
        if (!before) throw webhookNotFound();
        const hook = await repo.update(id, { url: input.url, events: input.events, active: input.active, secret });
        if (!hook) throw webhookNotFound();
        await uow.audit({
          action: 'webhook.update',
          subjectType: 'webhook',
          subjectId: id,
          before: audited(before),
          after: { ...audited(hook), ...(secret ? { secret: 'replaced' } : {}) },
        });
        return secret ? { ...hook, secret } : hook;
      });
    },

    async deleteWebhook(actor: UserActor, id: number): Promise<void> {
      await run(actor, async (uow) => {
        const repo = createWebhookRepository(uow.tx);
        const before = await repo.find(id);
        if (!before || !(await repo.delete(id))) throw webhookNotFound();
        await uow.audit({ action: 'webhook.delete', subjectType: 'webhook', subjectId: id, before: audited(before) });
      });
    },

    /**
     * The "send test" button: one signed `webhook.test` delivery now, whatever the webhook's events and even while it
     * is off, answered with its logged attempt. It neither counts towards turning the webhook off nor resets the count.
     */
    async sendTest(actor: UserActor, id: number): Promise<WebhookDelivery> {
      const repo = createWebhookRepository(app.db);
      const target = await repo.target(id);
      if (!target) throw webhookNotFound();
      const deliveryId = randomUUID();
      const body = JSON.stringify({
        event: WEBHOOK_TEST_EVENT,
        id: deliveryId,
        occurred_at: new Date().toISOString(),
        data: { webhook_id: id, sent_by: { id: actor.id, name: actor.name } },
      });
      return (await attemptDelivery(app, target, { deliveryId, event: WEBHOOK_TEST_EVENT, body, attempt: 1 })).logged;
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
