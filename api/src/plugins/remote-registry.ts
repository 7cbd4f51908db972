import { REMOTE_SCOPES, type RemoteName } from '@crm/shared/routes';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createManifestInspector, hostSharedVersion, type ManifestInspector } from '../lib/remote-manifest';
import { createRemoteRepository, type RemoteBuild, type RemoteRepository } from '../repositories/remote-repository';

declare module 'fastify' {
  interface FastifyInstance {
    remoteRepository: RemoteRepository;
    remoteRegistry: RemoteRegistry;
  }
}

export interface RemoteRegistry {
  /** Each remote's active manifest URL, as the host page and /build/remotes.json give it. */
  entries(): Promise<Record<RemoteName, string>>;
  /** The entries as last loaded, without waiting (the Content Security Policy of an answer already being sent). */
  lastEntries(): Record<RemoteName, string>;
  /** Reloads now (after a switch on this instance). */
  reload(): Promise<void>;
  inspector: ManifestInspector;
  /** The @crm/shared version the host provides, read at start; null when unknown. */
  hostShared: string | null;
}

/** How long an instance trusts its copy before comparing the version row (PostgreSQL only), as the allow-list does. */
export const REMOTE_REGISTRY_CHECK_MS = 1000;

const REMOTE_NAMES = Object.keys(REMOTE_SCOPES) as RemoteName[];

/**
 * Where the host loads each remote from, kept in the database (docs/decisions/052) and in memory here. REMOTE_*_URL
 * seeds the bottom of each remote's stack at start; a switch through the API goes on top and wins over the variable.
 * On PostgreSQL, where other instances may switch, the version row is compared at most once a second.
 */
async function remoteRegistryPlugin(app: FastifyInstance) {
  const { config } = app;
  const repository = createRemoteRepository(app.db);
  app.decorate('remoteRepository', repository);
  const inspector = createManifestInspector({ webDistRoot: config.webDistRoot, appUrl: config.appUrl });
  const hostShared = await hostSharedVersion(config.webDistRoot);
  const shared = app.dbConnection.driver === 'postgres';

  // The bundled build is on this disk: its version and commit are cheap to record. A remote elsewhere is not fetched
  // at start (a slow CDN must not hold the server up); its row says nothing of its build until a switch checks it.
  // A bundled build that fails the check is still what the configuration names (the operator's choice), but the log
  // says why: a host older than the contract mounts it blind (docs/decisions/059).
  for (const remote of REMOTE_NAMES) {
    const entry = config.remotes[remote];
    let build: RemoteBuild = { entry, version: null, commit: null, sharedRange: null };
    if (entry.startsWith('/build/remotes/')) {
      const check = await inspector.inspect(remote, entry, hostShared);
      if (check.ok) build = check.build;
      else app.log.warn({ remote, entry, reason: check.reason }, 'The configured remote build does not pass the registry check');
    }
    if (await repository.seedFromConfig(remote, build)) app.log.info({ remote, entry }, 'Remote entry taken from the configuration');
  }

  let snapshot: { version: number; entries: Record<RemoteName, string> } = { version: -1, entries: { ...config.remotes } };
  let checkedAt = 0;
  let pending: Promise<void> | undefined;

  async function load() {
    const version = await repository.version();
    if (version === snapshot.version) return;
    const entries = { ...config.remotes };
    for (const remote of await repository.list()) entries[remote.name as RemoteName] = remote.entry;
    snapshot = { version, entries };
  }

  function refresh(): Promise<void> {
    pending ??= load()
      .then(() => {
        checkedAt = Date.now();
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  await refresh();

  app.decorate('remoteRegistry', {
    async entries() {
      if (shared && Date.now() - checkedAt >= REMOTE_REGISTRY_CHECK_MS) await refresh();
      return snapshot.entries;
    },
    lastEntries: () => snapshot.entries,
    async reload() {
      await pending;
      await refresh();
    },
    inspector,
    hostShared,
  } satisfies RemoteRegistry);
}

export const remoteRegistry = fp(remoteRegistryPlugin, { name: 'remote-registry', dependencies: ['database'] });
