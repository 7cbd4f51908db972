import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDocumentService, type DocumentService } from '../services/document-service';
import { createDomainEvents, type DomainEvents } from '../services/domain-events';
import { createLeadService, type LeadService } from '../services/lead-service';
import { createUnitOfWork, type RunUnitOfWork } from '../services/unit-of-work';
import { subscribeNotifications } from '../subscribers/notification-subscriber';
import { subscribeRealtime } from '../subscribers/realtime-subscriber';

declare module 'fastify' {
  interface FastifyInstance {
    /** The domain event bus: services emit, subscribers (src/subscribers/) listen. */
    domainEvents: DomainEvents;
    /** Runs a use case in one transaction with its audit rows and events (src/services/unit-of-work.ts). */
    unitOfWork: RunUnitOfWork;
    leadService: LeadService;
    documentService: DocumentService;
  }
}

/** The use cases the routes call, and the subscribers that act on what they emit. */
async function servicesPlugin(app: FastifyInstance) {
  const events = createDomainEvents(app.log);
  const run = createUnitOfWork(app.db, events, app.log);
  app.decorate('domainEvents', events);
  app.decorate('unitOfWork', run);
  app.decorate('leadService', createLeadService(run));
  app.decorate('documentService', createDocumentService(run, { fileStorage: app.fileStorage }));
  subscribeNotifications(app, events);
  subscribeRealtime(app, events);
  // Realtime hints still on their way go out before the publisher closes.
  app.addHook('preClose', () => events.settled());
}

export const services = fp(servicesPlugin, { name: 'services', dependencies: ['database', 'realtime', 'broadcasts', 'file-storage'] });
