import { z } from 'zod';

/** The host learns where its remotes live at run time, so a remote can be redeployed without rebuilding the host. */
export const REMOTES_MANIFEST_URL = '/build/remotes.json';

export const remoteEntrySchema = z.object({ name: z.string().min(1), entry: z.string().min(1) });
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

export const remotesManifestSchema = z.object({ remotes: z.array(remoteEntrySchema) });
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;

/**
 * A static file next to the host build, not an /api call, so it does not go through the API client
 * (which is rooted at /api and adds the session headers).
 */
export async function getRemotesManifest(): Promise<RemotesManifest> {
  const response = await fetch(REMOTES_MANIFEST_URL, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${REMOTES_MANIFEST_URL} answered ${response.status}`);
  return remotesManifestSchema.parse(await response.json());
}
