import { z } from 'zod';
import { textSchema } from './text';

/** A remote's mf-manifest.json: a full http(s) URL, or a path on the server that serves the host. */
export function isRemoteEntry(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//');
  return z.url({ protocol: /^https?$/ }).safeParse(value).success;
}

const ENTRY_MESSAGE = 'Use a full http(s) URL or a path starting with / to the remote mf-manifest.json';

/** The most a load-error report's message may hold; the host cuts longer ones before sending. */
export const REMOTE_LOAD_ERROR_MESSAGE_MAX = 500;

/**
 * The load failures browsers reported for a remote: how many in the last 24 hours (of the newest ones the server
 * keeps, so the count has a ceiling) and the latest one, whenever it was.
 */
export const remoteLoadErrorsSchema = z.object({
  count_24h: z.number().int(),
  latest: z.object({ message: z.string(), version: z.string().nullable(), reported_at: z.string() }).nullable(),
});
export type RemoteLoadErrors = z.infer<typeof remoteLoadErrorsSchema>;

/** One remote as the registry holds it (docs/decisions/052): where it loads from and the build found there. */
export const remoteSchema = z.object({
  /** `leads`, `documents` or `admin`. */
  name: z.string(),
  /** Its federation name (`remote_leads`), the `name` its manifest must carry. */
  scope: z.string(),
  entry: z.string(),
  version: z.string().nullable(),
  commit: z.string().nullable(),
  shared_range: z.string().nullable(),
  /** `config`: REMOTE_*_URL as the server started; `api`: switched through PUT /api/remotes/{name}. */
  source: z.enum(['config', 'api']),
  switched_at: z.string(),
  switched_by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  /** The entry a rollback returns to, or null when there is nothing under this one. */
  previous_entry: z.string().nullable(),
  /** What browsers reported failing to load this remote (POST /api/remotes/{name}/load-errors). */
  last_errors: remoteLoadErrorsSchema,
});
export type Remote = z.infer<typeof remoteSchema>;

/** GET /api/remotes: every remote, and the @crm/shared version the host provides (null when the server cannot tell). */
export const remoteListSchema = z.object({
  data: z.array(remoteSchema),
  meta: z.object({ host_shared: z.string().nullable() }),
});
export type RemoteList = z.infer<typeof remoteListSchema>;

/** PUT /api/remotes/{name}: the manifest to switch to, checked before anything changes. */
export const switchRemoteInputSchema = z.object({
  entry: z.string({ error: ENTRY_MESSAGE }).trim().min(1, ENTRY_MESSAGE).max(2000, ENTRY_MESSAGE).refine(isRemoteEntry, ENTRY_MESSAGE),
});
export type SwitchRemoteInput = z.input<typeof switchRemoteInputSchema>;

/** What the switch answers besides the remote: what could not be checked (a manifest without a shared range). */
export const remoteSwitchMetaSchema = z.object({ warnings: z.array(z.string()) });

/** On the app channel (`realtimeEvents.remoteSwitched`): the next page load gets this build of the remote. */
export const remoteSwitchedEventSchema = z.object({
  name: z.string(),
  version: z.string().nullable(),
});
export type RemoteSwitchedEvent = z.infer<typeof remoteSwitchedEventSchema>;

/** POST /api/remotes/{name}/load-errors: a page failed to load the remote (the host posts it on `preload-error`). */
export const remoteLoadErrorInputSchema = z.object({
  message: textSchema({ error: 'Describe the failure' }).trim().min(1, 'Describe the failure').max(REMOTE_LOAD_ERROR_MESSAGE_MAX, `At most ${REMOTE_LOAD_ERROR_MESSAGE_MAX} characters`),
  /** The remote's version, when the page read it from the manifest. */
  version: textSchema().trim().min(1).max(64, 'At most 64 characters').nullable().optional(),
});
export type RemoteLoadErrorInput = z.input<typeof remoteLoadErrorInputSchema>;
