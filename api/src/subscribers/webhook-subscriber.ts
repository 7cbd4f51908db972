import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createAbility } from '@crm/shared/abilities';
import type { LeadScope, WebhookEvent } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { roles } from '../db/schema/roles';
import { users } from '../db/schema/users';
import { AppError } from '../errors/app-error';
import { WEBHOOK_QUEUE } from '../jobs/webhook-delivery-job';
import { transactionExecutor } from '../jobs/sql-executor';
import { createDocumentRepository } from '../repositories/document-repository';
import { createLeadCommentRepository } from '../repositories/lead-comment-repository';
import { createLeadQueryRepository } from '../repositories/lead-query-repository';
import { createLeadScope, type LeadViewer } from '../repositories/lead-scope';
import { createRoleRepository } from '../repositories/role-repository';
import { createTaskRepository } from '../repositories/task-repository';
import { createWebhookRepository } from '../repositories/webhook-repository';
import { documentAnswer } from '../routes/documents/document-file-answer';
import type { DomainEventOf, DomainEvents, DomainEventType, TransactionScope } from '../services/domain-events';

/** Whom a webhook speaks for: its owner, as the API would see them if they asked now. */
interface Owner {
  viewer: LeadViewer;
  ability: ReturnType<typeof createAbility>;
}

/** What one delivery is about: a lead, a lead's comment or a document, still there or deleted. */
type Subject =
  | { kind: 'lead'; id: number }
  | { kind: 'lead-deleted'; id: number }
  | { kind: 'comment'; leadId: number; commentId: number }
  | { kind: 'document'; id: number }
  | { kind: 'document-deleted'; id: number }
  | { kind: 'task'; id: number };

/** The body every delivery carries; it is signed as sent (the job stores it as a string). */
export interface WebhookBody {
  event: string;
  id: string;
  occurred_at: string;
  data: unknown;
}

/** An active owner who still holds `manage webhooks`; undefined otherwise (their webhooks then deliver nothing). */
export async function loadOwner(tx: Database, ownerId: number): Promise<Owner | undefined> {
  const [row] = await tx
    .select({ id: users.id, active: users.active, roleId: users.roleId, leadScope: roles.leadScope })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, ownerId));
  if (!row?.active) return undefined;
  const ability = createAbility(await createRoleRepository(tx).rulesForRole(row.roleId));
  if (!ability.can('manage', 'webhooks')) return undefined;
  return { viewer: { id: row.id, leadScope: row.leadScope as LeadScope }, ability };
}

const isNotFound = (error: unknown) => error instanceof AppError && error.code === 'NOT_FOUND';

/**
 * The data of a delivery: what the API answers the owner for the same thing (GET /api/leads/{id}, a comment as the
 * lead's comment list shows it, GET /api/document/{id}), or undefined when the owner may not see it.
 */
async function dataFor(app: FastifyInstance, tx: Database, owner: Owner, subject: Subject): Promise<unknown> {
  const { ability, viewer } = owner;
  try {
    switch (subject.kind) {
      case 'lead':
        if (!ability.can('view', 'lead')) return undefined;
        return await createLeadQueryRepository(tx, { scope: createLeadScope(tx) }).detail(subject.id, viewer);
      case 'lead-deleted':
        // The lead is gone, so its creator and responsible users are too: only an owner who sees every lead hears of it.
        return ability.can('view', 'lead') && viewer.leadScope === 'all' ? { id: subject.id } : undefined;
      case 'comment': {
        if (!ability.can('view', 'lead')) return undefined;
        const comments = await createLeadCommentRepository(tx, createLeadScope(tx)).list(subject.leadId, viewer);
        const comment = comments.find((c) => c.id === subject.commentId);
        return comment && { lead_id: subject.leadId, comment };
      }
      case 'document':
        if (!ability.can('view', 'document')) return undefined;
        return documentAnswer(app, await createDocumentRepository(tx).detail(subject.id, tx));
      case 'document-deleted':
        return ability.can('view', 'document') ? { id: subject.id } : undefined;
      case 'task':
        // GET /api/tasks/{id} as the owner: a lead's task within their scope, a standalone one only if it is theirs.
        if (!ability.can('view', 'lead')) return undefined;
        return await createTaskRepository(tx).find(subject.id, viewer, tx);
    }
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/**
 * Webhook deliveries (docs/decisions/070): for each event a webhook subscribes to, one job per webhook and subject is
 * queued in the writer's transaction, so a committed change is never lost to a crash and a rolled-back one sends
 * nothing. The body is built there too, as the owner sees the record at that moment, and signed as stored on every
 * attempt.
 */
export function subscribeWebhooks(app: FastifyInstance, events: DomainEvents) {
  async function enqueue<K extends DomainEventType>(name: WebhookEvent, event: DomainEventOf<K>, scope: TransactionScope, subjects: Subject[]) {
    const hooks = await createWebhookRepository(scope.tx).subscribedTo(name);
    if (hooks.length === 0) return;
    const owners = new Map<number, Owner | undefined>();
    let queued = false;
    for (const hook of hooks) {
      if (!owners.has(hook.ownerId)) owners.set(hook.ownerId, await loadOwner(scope.tx, hook.ownerId));
      const owner = owners.get(hook.ownerId);
      if (!owner) continue;
      for (const subject of subjects) {
        const data = await dataFor(app, scope.tx, owner, subject);
        if (data === undefined) continue;
        const body: WebhookBody = { event: name, id: randomUUID(), occurred_at: event.occurredAt, data };
        await app.jobs.enqueue(WEBHOOK_QUEUE, { webhookId: hook.id, deliveryId: body.id, event: name, body: JSON.stringify(body) }, { transaction: transactionExecutor(scope.tx) });
        queued = true;
      }
    }
    if (queued) scope.afterCommit(() => app.jobs.wake(WEBHOOK_QUEUE));
  }

  const leads = (ids: number[]): Subject[] => ids.map((id) => ({ kind: 'lead', id }));
  events.onCommitting('lead.created', (e, scope) => enqueue('lead.created', e, scope, leads([e.leadId])));
  events.onCommitting('lead.updated', (e, scope) => enqueue('lead.updated', e, scope, leads([e.leadId])));
  events.onCommitting('lead.status_changed', (e, scope) => enqueue('lead.status_changed', e, scope, leads(e.leadIds)));
  events.onCommitting('lead.assigned', (e, scope) => enqueue('lead.assigned', e, scope, leads(e.leadIds)));
  events.onCommitting('lead.deleted', (e, scope) => enqueue('lead.deleted', e, scope, e.leadIds.map((id) => ({ kind: 'lead-deleted', id }))));
  events.onCommitting('lead.comment_added', (e, scope) => enqueue('lead.comment_added', e, scope, [{ kind: 'comment', leadId: e.leadId, commentId: e.commentId }]));
  events.onCommitting('document.created', (e, scope) => enqueue('document.created', e, scope, [{ kind: 'document', id: e.documentId }]));
  events.onCommitting('document.updated', (e, scope) => enqueue('document.updated', e, scope, [{ kind: 'document', id: e.documentId }]));
  events.onCommitting('document.deleted', (e, scope) => enqueue('document.deleted', e, scope, [{ kind: 'document-deleted', id: e.documentId }]));
  events.onCommitting('task.due', (e, scope) => enqueue('task.due', e, scope, [{ kind: 'task', id: e.taskId }]));
}
