import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  type DocumentChangedEvent,
  type DocumentChangeType,
  type LeadChangedEvent,
  type LeadChangeType,
  realtimeChannels,
  type RemoteSwitchedEvent,
  realtimeEvents,
} from '@crm/shared/schemas';

export interface LeadChangeOptions {
  /** New version per lead, for edit forms open on it. */
  versions?: Record<number, number>;
  by?: { id: number; name: string };
}

export interface Broadcasts {
  /** A change of leads on the leads channel: ids and the type only, never lead data. */
  leads(type: LeadChangeType, ids: number[], options?: LeadChangeOptions): Promise<void>;
  documents(type: DocumentChangeType, ids: number[]): Promise<void>;
  /** The user's role or its rules changed: their clients refetch the abilities. */
  abilitiesChanged(userIds: number | number[]): Promise<void>;
  /** One of the user's imports ended (their import screen refreshes without polling). */
  importFinished(userId: number, summary: { jobId: number; status: 'done' | 'failed' }): Promise<void>;
  /** Tasks of these users changed: their task lists and the menu's task count refetch (docs/decisions/074). */
  tasksChanged(userIds: number[]): Promise<void>;
  /** A remote was switched: every signed-in page offers to reload (docs/decisions/052). */
  remoteSwitched(event: RemoteSwitchedEvent): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    broadcasts: Broadcasts;
  }
}

/** Pusher allows 10 KB per event: a very large change names no ids, and clients refetch their lists. */
const MAX_IDS_PER_EVENT = 500;

/**
 * One line for any area to report a change (docs/decisions/028): `void app.broadcasts.leads('updated', [id], …)`.
 * Publishing never fails the request: the change is saved before it is announced, and a lost event only delays a
 * refresh.
 */
async function broadcastsPlugin(app: FastifyInstance) {
  const broadcasts: Broadcasts = {
    async leads(type, ids, options = {}) {
      if (ids.length === 0 && type !== 'imported') return;
      const event: LeadChangedEvent = { type, ids: ids.length > MAX_IDS_PER_EVENT ? [] : ids };
      if (options.versions && ids.length <= MAX_IDS_PER_EVENT) event.versions = Object.fromEntries(Object.entries(options.versions));
      if (options.by) event.by = { id: options.by.id, name: options.by.name };
      await app.realtime.publish(realtimeChannels.leads, realtimeEvents.leadChanged, event);
    },
    async documents(type, ids) {
      const event: DocumentChangedEvent = { type, ids: ids.length > MAX_IDS_PER_EVENT ? [] : ids };
      await app.realtime.publish(realtimeChannels.documents, realtimeEvents.documentChanged, event);
    },
    async abilitiesChanged(userIds) {
      const ids = Array.isArray(userIds) ? userIds : [userIds];
      await app.realtime.publish(ids.map(realtimeChannels.user), realtimeEvents.abilitiesChanged, {});
    },
    async importFinished(userId, summary) {
      await app.realtime.publish(realtimeChannels.user(userId), realtimeEvents.importFinished, summary);
    },
    async tasksChanged(userIds) {
      const ids = [...new Set(userIds)];
      if (ids.length > 0) await app.realtime.publish(ids.map(realtimeChannels.user), realtimeEvents.tasksChanged, {});
    },
    async remoteSwitched(event) {
      await app.realtime.publish(realtimeChannels.app, realtimeEvents.remoteSwitched, event);
    },
  };
  app.decorate('broadcasts', broadcasts);
}

export const broadcasts = fp(broadcastsPlugin, { name: 'broadcasts', dependencies: ['realtime'] });
