/**
 * Realtime channel and event names (issue 11, docs/decisions/028): plain constants, so the first load (the providers
 * and live hooks that subscribe) imports them without the event schemas.
 */
export const realtimeChannels = {
  /** One user's notifications, ability updates and finished imports. */
  user: (userId: number | string) => `private-App.Models.User.${userId}`,
  /** Every lead change; any user who may view leads. */
  leads: 'private-leads',
  /** Who is looking at one lead; only users who may see that lead. */
  leadPresence: (leadId: number | string) => `presence-lead.${leadId}`,
  /** Every document change; any user who may view documents. */
  documents: 'private-documents',
  /** What every signed-in page hears: a remote was switched, so a newer build is there on the next load. */
  app: 'private-app',
} as const;

export const USER_CHANNEL_PATTERN = /^private-App\.Models\.User\.(\d{1,10})$/;
export const LEAD_PRESENCE_CHANNEL_PATTERN = /^presence-lead\.(\d{1,10})$/;

export const LEAD_CHANGE_TYPES = ['created', 'updated', 'deleted', 'status-changed', 'assigned', 'comment-added', 'imported'] as const;
export type LeadChangeType = (typeof LEAD_CHANGE_TYPES)[number];
export const DOCUMENT_CHANGE_TYPES = ['created', 'updated', 'deleted'] as const;
export type DocumentChangeType = (typeof DOCUMENT_CHANGE_TYPES)[number];

export const realtimeEvents = {
  /** On the leads channel: `LeadChangedEvent`. */
  leadChanged: 'lead.changed',
  /** On the documents channel: `DocumentChangedEvent`. */
  documentChanged: 'document.changed',
  /** On the user channel: `{ notification }`. */
  notificationCreated: 'notification.created',
  /** On the user channel: the user's role or abilities changed; refetch /auth/me. */
  abilitiesChanged: 'abilities.changed',
  /** On the user channel: one of the user's imports finished. */
  importFinished: 'import.finished',
  /** On the user channel: the user's tasks changed (or a reminder came); task lists and the menu count refetch. */
  tasksChanged: 'tasks.changed',
  /** On the app channel: `RemoteSwitchedEvent`. */
  remoteSwitched: 'remote.switched',
} as const;
