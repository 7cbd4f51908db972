import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { EnqueueOptions, JobDataByName, JobName, JobQueue } from '../jobs/job-queue';
import { transactionExecutor } from '../jobs/sql-executor';
import { type AuditRecord, createAuditRepository } from '../repositories/audit-repository';
import type { Actor, DomainEvent, DomainEventInput, DomainEvents, TransactionScope } from './domain-events';

/** An audit entry as a service states it: who and from where come from the unit of work's actor. */
export type AuditEntry = Omit<AuditRecord, 'ip' | 'actorId' | 'actorEmail' | 'apiKey'>;

/** One use case's transaction: its writes, its audit rows and the events it emits commit together or not at all. */
export interface UnitOfWork extends TransactionScope {
  actor: Actor | null;
  /** Announces what happened; subscribers hear it in the transaction (durable work) and after the commit. */
  emit(event: DomainEventInput): void;
  /** Records an audit entry in this transaction, as the unit of work's actor. */
  audit(entry: AuditEntry): Promise<void>;
  /** Queues a job in this transaction (an outbox): it runs only if the change commits, and is never lost after it. */
  enqueue<Name extends JobName>(name: Name, data: JobDataByName[Name], options?: Pick<EnqueueOptions, 'startAfter'>): Promise<void>;
}

export type RunUnitOfWork = <T>(actor: Actor | null, work: (uow: UnitOfWork) => Promise<T>) => Promise<T>;

/**
 * Runs a use case in one transaction. Repositories built on `uow.tx` write inside it (their own transactions become
 * savepoints); the committing subscribers run before the commit, the committed ones after it.
 */
export function createUnitOfWork(db: Database, events: DomainEvents, log: FastifyBaseLogger, jobs: Pick<JobQueue, 'enqueue' | 'wake'>): RunUnitOfWork {
  return async (actor, work) => {
    const emitted: DomainEvent[] = [];
    const callbacks: Array<() => Promise<unknown> | unknown> = [];
    const result = await db.transaction(async (tx) => {
      const scope: TransactionScope = { tx, afterCommit: (callback) => void callbacks.push(callback) };
      const value = await work({
        ...scope,
        actor,
        emit: (event) => void emitted.push({ ...event, actor, occurredAt: new Date().toISOString() } as DomainEvent),
        audit: (entry) => createAuditRepository(tx).record({ ...entry, actorId: actor?.id ?? null, actorEmail: actor?.email ?? null, ip: actor?.ip ?? null, apiKey: actor?.apiKey ?? null }),
        enqueue: async (name, data, options) => {
          await jobs.enqueue(name, data, { ...options, transaction: transactionExecutor(tx) });
          callbacks.push(() => jobs.wake(name));
        },
      });
      await events.committing(emitted, scope);
      return value;
    });
    for (const callback of callbacks) {
      try {
        await callback();
      } catch (error) {
        log.error({ err: error }, 'A step after a commit failed');
      }
    }
    events.committed(emitted);
    return result;
  };
}
