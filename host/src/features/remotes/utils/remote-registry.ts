import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { getRemotesManifest, type RemoteEntry } from '../api/get-remotes-manifest';
import { ModuleLoadError } from './module-load-error';
import { assertSharedContract, fetchRemoteBuild, type RemoteBuild } from './shared-contract';

type PageModule = { default: ComponentType };

// One manifest request per page life; a failed request is forgotten so Retry asks again.
let registered: Promise<Map<string, RemoteEntry>> | null = null;
let known = new Map<string, RemoteEntry>();
// Each remote's build info, read once per page life (Retry reads it again: the remote may have been redeployed).
let builds = new Map<string, Promise<RemoteBuild | null>>();

function remoteBuild(remote: RemoteEntry): Promise<RemoteBuild | null> {
  let build = builds.get(remote.name);
  if (!build) {
    build = fetchRemoteBuild(remote);
    builds.set(remote.name, build);
    build.catch(() => builds.delete(remote.name));
  }
  return build;
}

function ensureRegistered(): Promise<Map<string, RemoteEntry>> {
  if (!registered) {
    const attempt = getRemotesManifest().then(({ remotes }) => {
      // The runtime normalises the objects it is given, so it gets copies and we keep the originals for re-registering.
      registerRemotes(remotes.map((remote) => ({ ...remote })));
      known = new Map(remotes.map((remote) => [remote.name, remote]));
      return known;
    });
    registered = attempt;
    attempt.catch(() => {
      if (registered === attempt) registered = null;
    });
  }
  return registered;
}

/** `remote_leads/leads-list-page` → `remote_leads`. */
export function remoteNameOf(moduleId: string): string {
  return moduleId.split('/')[0];
}

/** Loads an exposed page module through the federation runtime; every failure becomes a ModuleLoadError. */
export async function loadRemotePage(moduleId: string): Promise<PageModule> {
  const name = remoteNameOf(moduleId);
  try {
    const remotes = await ensureRegistered();
    const remote = remotes.get(name);
    if (!remote) throw new Error(`${name} is not listed in the remotes manifest`);
    // Before the runtime loads anything of the remote: an incompatible one must not run against the host's shared.
    assertSharedContract(name, moduleId, await remoteBuild(remote));
    const module = await loadRemote<PageModule>(moduleId);
    if (!module || typeof module.default !== 'function') throw new Error(`${moduleId} has no default export`);
    return module;
  } catch (cause) {
    if (cause instanceof ModuleLoadError) throw cause;
    throw new ModuleLoadError(name, moduleId, cause);
  }
}

/**
 * Forgets a failed remote so the next load starts from scratch: re-registering with `force` drops the runtime's
 * cached manifest, remote entry and module for that remote (a plain second loadRemote would reuse them).
 */
export function resetRemote(name: string): void {
  builds.delete(name);
  const remote = known.get(name);
  if (remote) registerRemotes([{ ...remote }], { force: true });
}

/** Test seam: the registry is module state. */
export function resetRemoteRegistryForTests(): void {
  registered = null;
  known = new Map();
  builds = new Map();
}
