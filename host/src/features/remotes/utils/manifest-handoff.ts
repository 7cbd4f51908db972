/**
 * A remote's mf-manifest.json, read once for two readers: the host's check of the remote's build (shared-contract.ts)
 * fetches it first and hands its response over here, and the federation runtime, which would otherwise fetch it again
 * for the remote's entry and exposes, takes it through its `fetch` hook (manifest-handoff-plugin.ts). Before this the
 * page waited on a second round trip for the same file before the remote's entry could load (docs/decisions/081).
 */
const offered = new Map<string, Response>();

const keyOf = (url: string) => new URL(url, window.location.href).href;

/** Keeps a copy of a manifest response for the runtime's one read of it. */
export function offerManifest(url: string, response: Response): void {
  offered.set(keyOf(url), response.clone());
}

/**
 * The response offered for `url`, once: taken, it is forgotten, so a remote the runtime is told to forget (resetRemote)
 * is read afresh next time. Undefined when none was offered: the runtime then fetches the file itself.
 */
export function takeOfferedManifest(url: string): Response | undefined {
  const key = keyOf(url);
  const response = offered.get(key);
  offered.delete(key);
  return response;
}

/** Test seam: module state. */
export function forgetOfferedManifests(): void {
  offered.clear();
}
