import { z } from 'zod';

/**
 * Realtime channels and events (issue 11, docs/decisions/028). Events about leads and documents carry ids and the
 * change type only: each client refetches what its own scope allows, so no payload leaks a record.
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
} as const;

export const leadChangedEventSchema = z.object({
  type: z.enum(LEAD_CHANGE_TYPES),
  ids: z.array(z.number().int()),
  /** New version per changed lead, where the change made one (an edit form compares it with its own). */
  versions: z.record(z.string(), z.number().int()).optional(),
  /** Who made the change (a user of the CRM, not lead data). */
  by: z.object({ id: z.number().int(), name: z.string() }).optional(),
});
export type LeadChangedEvent = z.infer<typeof leadChangedEventSchema>;

export const documentChangedEventSchema = z.object({ type: z.enum(DOCUMENT_CHANGE_TYPES), ids: z.array(z.number().int()) });
export type DocumentChangedEvent = z.infer<typeof documentChangedEventSchema>;

/** `GET /api/realtime/config`: what pusher-js needs. A null host means the page's own host and port. */
export const realtimeConfigSchema = z.object({
  key: z.string(),
  cluster: z.string(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  tls: z.boolean().nullable(),
});
export type RealtimeConfig = z.infer<typeof realtimeConfigSchema>;

export const channelAuthInputSchema = z.object({
  socket_id: z.string().regex(/^\d{1,20}\.\d{1,20}$/, 'Not a socket id'),
  channel_name: z.string().min(1).max(164),
});
export const userAuthInputSchema = z.object({ socket_id: z.string().regex(/^\d{1,20}\.\d{1,20}$/, 'Not a socket id') });
export const channelAuthSchema = z.object({ auth: z.string(), channel_data: z.string().optional() });
export const userAuthSchema = z.object({ auth: z.string(), user_data: z.string() });
