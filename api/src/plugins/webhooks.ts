import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { webhookDeliveryJob } from '../jobs/webhook-delivery-job';
import { createWebhookRepository, type WebhookRepository } from '../repositories/webhook-repository';
import { createWebhookService, type WebhookService } from '../services/webhook-service';
import { loadOwner, subscribeWebhooks } from '../subscribers/webhook-subscriber';

declare module 'fastify' {
  interface FastifyInstance {
    webhookRepository: WebhookRepository;
    webhookService: WebhookService;
  }
}

/** Outgoing webhooks (docs/decisions/070): the delivery queue, the use cases, and the subscriber that queues deliveries. */
async function webhooksPlugin(app: FastifyInstance) {
  app.jobs.define(webhookDeliveryJob(app, async (ownerId) => (await loadOwner(app.db, ownerId)) !== undefined));
  app.decorate('webhookRepository', createWebhookRepository(app.db));
  app.decorate('webhookService', createWebhookService(app.unitOfWork, app));
  subscribeWebhooks(app, app.domainEvents);
}

export const webhooks = fp(webhooksPlugin, { name: 'webhooks', dependencies: ['database', 'jobs', 'services'] });
