import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

/**
 * Who made a change: the signed-in user and the address the request came from. A sign-in or a password reset acts for
 * an account that may not exist (id null, the email typed); background work has no actor at all.
 */
export interface Actor {
  id: number | null;
  name: string;
  email: string | null;
  ip: string | null;
  /** The name of the API key the request came with (docs/decisions/072): audit rows carry it. */
  apiKey?: string | null;
}

/** A signed-in user acting: every use case but the sign-in and password-reset ones has one. */
export type UserActor = Actor & { id: number };

/**
 * What happened, by event type: ids, versions and what subscribers need to word a notification, never a whole
 * record (a webhook that wants the record reads it as its owner would).
 */
export interface DomainEventMap {
  'lead.created': { leadId: number; version: number; name: string; users: number[] };
  'lead.updated': { leadId: number; version: number };
  'lead.status_changed': { leadIds: number[]; versions?: Record<number, number> };
  /** Hand-over: the leads' responsible users became exactly `userId`. `name` when one lead was handed over. */
  'lead.assigned': { leadIds: number[]; userId: number; versions?: Record<number, number>; name?: string };
  'lead.deleted': { leadIds: number[] };
  'lead.comment_added': { leadId: number; commentId: number; name: string; users: number[] };
  'lead.comment_updated': { leadId: number; commentId: number };
  'lead.comment_deleted': { leadId: number; commentId: number };
  'lead.import_finished': {
    jobId: number;
    importerId: number;
    status: 'done' | 'failed';
    summary: string;
    /** Responsible users named by the imported rows, with how many leads each was given. */
    assigned: Record<number, number>;
  };
  /** The rules these users hold changed (their role, or their role's permissions): their open apps refetch them. */
  'abilities.changed': { userIds: number[] };
  'document.created': { documentId: number };
  'document.updated': { documentId: number };
  'document.deleted': { documentId: number };
  /** Where a remote loads from changed (a switch, or a rollback): open pages offer a reload. */
  'remote.switched': { remote: string; version: string | null; rolledBack: boolean };
  /** A task was given to `assigneeId` by someone else (created for them, or reassigned): they hear of it in the bell. */
  'task.assigned': { taskId: number; assigneeId: number; title: string; leadId: number | null; dueAt: string };
  /** Any change to a task: the open pages of its assignee (and of whoever had it before) refetch their lists. */
  'task.changed': { taskId: number; userIds: number[] };
  /** A task's reminder time came (docs/decisions/074): once, by the reminder job; the bell and `task.due` webhooks. */
  'task.due': { taskId: number; assigneeId: number; title: string; leadId: number | null; dueAt: string };
  /** A webhook was turned off after failing too often (docs/decisions/070): its owner hears of it in the bell. */
  'webhook.disabled': { webhookId: number; ownerId: number; url: string; failures: number };
}

export type DomainEventType = keyof DomainEventMap;

export type DomainEventOf<K extends DomainEventType> = { type: K; actor: Actor | null; occurredAt: string } & DomainEventMap[K];

export type DomainEvent = { [K in DomainEventType]: DomainEventOf<K> }[DomainEventType];

/** What a service emits; the unit of work adds the actor and the time. */
export type DomainEventInput = { [K in DomainEventType]: { type: K } & DomainEventMap[K] }[DomainEventType];

/** The writer's transaction, for subscribers whose work must commit or roll back with the change. */
export interface TransactionScope {
  tx: Database;
  /** Runs once the transaction has committed (never after a rollback); a failure is logged, not thrown. */
  afterCommit(callback: () => Promise<unknown> | unknown): void;
}

type CommittingHandler<K extends DomainEventType> = (event: DomainEventOf<K>, scope: TransactionScope) => Promise<void>;
type CommittedHandler<K extends DomainEventType> = (event: DomainEventOf<K>) => Promise<unknown> | unknown;

export interface DomainEvents {
  /**
   * Work that must not be lost (notifications; next, webhook deliveries through the job queue): it runs inside the
   * writer's transaction, so a crash between the commit and the delivery loses nothing. A throw rolls the change back.
   */
  onCommitting<K extends DomainEventType>(type: K, handler: CommittingHandler<K>): void;
  /** Work that may be lost (realtime hints that make open pages refetch): after the commit, failures only logged. */
  onCommitted<K extends DomainEventType>(type: K, handler: CommittedHandler<K>): void;
  /** Runs the committing handlers of `events` in the writer's transaction (the unit of work calls it). */
  committing(events: readonly DomainEvent[], scope: TransactionScope): Promise<void>;
  /** Runs the committed handlers of `events` without waiting for them (the unit of work calls it after commit). */
  committed(events: readonly DomainEvent[]): void;
  /** Resolves once every committed handler started so far has settled (tests, shutdown). */
  settled(): Promise<void>;
}

/** The in-process bus the services emit to and the subscribers (src/subscribers/) listen on. */
export function createDomainEvents(log: FastifyBaseLogger): DomainEvents {
  const committingHandlers = new Map<DomainEventType, CommittingHandler<DomainEventType>[]>();
  const committedHandlers = new Map<DomainEventType, CommittedHandler<DomainEventType>[]>();
  const running = new Set<Promise<unknown>>();

  const add = <H>(map: Map<DomainEventType, H[]>, type: DomainEventType, handler: H) => {
    map.set(type, [...(map.get(type) ?? []), handler]);
  };

  return {
    onCommitting(type, handler) {
      add(committingHandlers, type, handler as CommittingHandler<DomainEventType>);
    },
    onCommitted(type, handler) {
      add(committedHandlers, type, handler as CommittedHandler<DomainEventType>);
    },
    async committing(events, scope) {
      for (const event of events) {
        for (const handler of committingHandlers.get(event.type) ?? []) await handler(event as DomainEventOf<DomainEventType>, scope);
      }
    },
    committed(events) {
      for (const event of events) {
        for (const handler of committedHandlers.get(event.type) ?? []) {
          const run = Promise.resolve()
            .then(() => handler(event as DomainEventOf<DomainEventType>))
            .catch((error: unknown) => log.error({ err: error, event: event.type }, 'A domain event subscriber failed'))
            .finally(() => running.delete(run));
          running.add(run);
        }
      }
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
