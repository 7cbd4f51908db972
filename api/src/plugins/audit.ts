import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAuditRepository } from '../repositories/audit-repository';

declare module 'fastify' {
  interface FastifyInstance {
    audit: {
      /** The audit log as its page reads it. Entries are written by the services, in the change's transaction. */
      list: ReturnType<typeof createAuditRepository>['list'];
    };
  }
}

async function auditPlugin(app: FastifyInstance) {
  const repository = createAuditRepository(app.db);
  app.decorate('audit', { list: repository.list });
}

export const audit = fp(auditPlugin, { name: 'audit', dependencies: ['database'] });
