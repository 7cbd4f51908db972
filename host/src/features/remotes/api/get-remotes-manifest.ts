import { z } from 'zod/mini';

/** The host learns where its remotes live at run time, so a remote can be redeployed without rebuilding the host. */
export const REMOTES_MANIFEST_URL = '/build/remotes.json';

export const remoteEntrySchema = z.object({ name: z.string().check(z.minLength(1)), entry: z.string().check(z.minLength(1)) });
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

export const remotesManifestSchema = z.object({ remotes: z.array(remoteEntrySchema) });
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;

/** The API inlines the same manifest into the host page (docs/decisions/038), which saves a request on first load. */
export const INLINE_MANIFEST_ID = 'remotes-manifest';

/** The manifest the page came with, or null when it has none or it does not parse (then it is fetched). */
function inlineManifest(): RemotesManifest | null {
  const text = document.getElementById(INLINE_MANIFEST_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = remotesManifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The manifest inlined in the page if there is one, else /build/remotes.json: a static file next to the host build,
 * not an /api call, so it does not go through the API client (which is rooted at /api and adds the session headers).
 */
export async function getRemotesManifest(): Promise<RemotesManifest> {
  const inline = inlineManifest();
  if (inline) return inline;
  const response = await fetch(REMOTES_MANIFEST_URL, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${REMOTES_MANIFEST_URL} answered ${response.status}`);
  return remotesManifestSchema.parse(await response.json());
}
