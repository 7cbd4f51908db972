import { z } from 'zod';
import { DOCUMENT_CHANGE_TYPES, LEAD_CHANGE_TYPES } from './mini/realtime-channels';

// Channel and event names: ./mini/realtime-channels.ts (the first load subscribes without these schemas).

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
