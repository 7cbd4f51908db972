import type { FastifyInstance } from 'fastify';
import type { Actor, DomainEvents } from '../services/domain-events';

const by = (actor: Actor | null) => (actor?.id != null ? { id: actor.id, name: actor.name } : undefined);

/**
 * Open pages hear of changes after the commit: lists, boards and forms refetch what they show (docs/decisions/028).
 * A lost hint only delays a refresh, so nothing here runs in the writer's transaction.
 */
export function subscribeRealtime(app: FastifyInstance, events: DomainEvents) {
  const { broadcasts } = app;
  events.onCommitted('lead.created', (e) => broadcasts.leads('created', [e.leadId], { versions: { [e.leadId]: e.version }, by: by(e.actor) }));
  events.onCommitted('lead.updated', (e) => broadcasts.leads('updated', [e.leadId], { versions: { [e.leadId]: e.version }, by: by(e.actor) }));
  events.onCommitted('lead.status_changed', (e) => broadcasts.leads('status-changed', e.leadIds, { versions: e.versions, by: by(e.actor) }));
  events.onCommitted('lead.assigned', (e) => broadcasts.leads('assigned', e.leadIds, { versions: e.versions, by: by(e.actor) }));
  events.onCommitted('lead.deleted', (e) => broadcasts.leads('deleted', e.leadIds, { by: by(e.actor) }));
  events.onCommitted('lead.comment_added', (e) => broadcasts.leads('comment-added', [e.leadId], { by: by(e.actor) }));
  events.onCommitted('lead.import_finished', async (e) => {
    if (e.status === 'done') await broadcasts.leads('imported', []);
    await broadcasts.importFinished(e.importerId, { jobId: e.jobId, status: e.status });
  });
  events.onCommitted('abilities.changed', (e) => (e.userIds.length > 0 ? broadcasts.abilitiesChanged(e.userIds) : undefined));
  events.onCommitted('document.created', (e) => broadcasts.documents('created', [e.documentId]));
  events.onCommitted('document.updated', (e) => broadcasts.documents('updated', [e.documentId]));
  events.onCommitted('document.deleted', (e) => broadcasts.documents('deleted', [e.documentId]));
  events.onCommitted('task.changed', (e) => broadcasts.tasksChanged(e.userIds));
  events.onCommitted('task.due', (e) => broadcasts.tasksChanged([e.assigneeId]));
  events.onCommitted('remote.switched', (e) => broadcasts.remoteSwitched({ name: e.remote, version: e.version }));
}
