import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AuditRecord, createAuditRepository } from '../repositories/audit-repository';

/** What a route says about a change; who and from where come from the request. */
export type AuditEvent = Omit<AuditRecord, 'ip' | 'actorId' | 'actorEmail'> & {
  /** Overrides the signed-in user (sign-in, password reset: the account concerned). */
  actor?: { id: number | null; email: string | null };
};

declare module 'fastify' {
  interface FastifyInstance {
    audit: {
      /**
       * Records one audit entry: the signed-in user (or `event.actor`) did `event.action` to the subject, from the
       * request's address (the one trustProxy gives). Call it after the change succeeded.
       */
      record(request: FastifyRequest | null, event: AuditEvent): Promise<void>;
      list: ReturnType<typeof createAuditRepository>['list'];
    };
  }
}

async function auditPlugin(app: FastifyInstance) {
  const repository = createAuditRepository(app.db);
  app.decorate('audit', {
    async record(request: FastifyRequest | null, { actor, ...event }: AuditEvent) {
      const user = request?.user ?? null;
      await repository.record({
        ...event,
        actorId: actor ? actor.id : (user?.id ?? null),
        actorEmail: actor ? actor.email : (user?.email ?? null),
        ip: request?.ip ?? null,
      });
    },
    list: repository.list,
  });
}

export const audit = fp(auditPlugin, { name: 'audit', dependencies: ['database'] });
