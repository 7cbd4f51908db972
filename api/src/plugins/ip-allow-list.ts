import type { BlockList } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';
import { buildAllowList, isAllowed } from '../lib/ip-allow-list';
import { createWhiteIpRepository, type WhiteIpRepository } from '../repositories/white-ip-repository';

declare module 'fastify' {
  interface FastifyInstance {
    whiteIpRepository: WhiteIpRepository;
    ipAllowList: {
      /** Reloads the list now (after a change on this instance). */
      reload(): Promise<void>;
      /** Whether a request from `ip` would pass the list as it stands. */
      allows(ip: string): Promise<boolean>;
    };
  }
}

/** How long an instance trusts its copy of the list before comparing the version row (PostgreSQL only). */
export const ALLOW_LIST_CHECK_MS = 1000;

/** Paths open from any address: load balancers probe them, and they say nothing about the data. */
export const OPEN_PATHS: ReadonlySet<string> = new Set(['/api/health', '/api/ready']);

export const ipNotAllowed = (ip: string) =>
  new AppError('IP_NOT_ALLOWED', `Access from the address ${ip} is not allowed.`, undefined, { ip });

interface Snapshot {
  version: number;
  enforced: boolean;
  size: number;
  list: BlockList;
}

/**
 * Enforces the IP allow-list on every API call (docs/decisions/025). Each instance keeps the list in memory; on
 * PostgreSQL, where other instances may change it, it compares the version row at most once a second. PGlite has
 * only this process, which reloads after its own changes.
 */
async function ipAllowListPlugin(app: FastifyInstance) {
  const repository = createWhiteIpRepository(app.db);
  app.decorate('whiteIpRepository', repository);
  const shared = app.dbConnection.driver === 'postgres';

  let snapshot: Snapshot | undefined;
  let checkedAt = 0;
  let pending: Promise<Snapshot> | undefined;

  async function load(): Promise<Snapshot> {
    const state = await repository.state();
    if (snapshot && snapshot.version === state.version) return { ...snapshot, enforced: state.enforced };
    const addresses = await repository.addresses();
    return { version: state.version, enforced: state.enforced, size: addresses.length, list: buildAllowList(addresses) };
  }

  /** One reload at a time; concurrent requests wait for the same one. */
  function refresh(): Promise<Snapshot> {
    pending ??= load()
      .then((next) => {
        snapshot = next;
        checkedAt = Date.now();
        return next;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  async function current(): Promise<Snapshot> {
    if (!snapshot || (shared && Date.now() - checkedAt >= ALLOW_LIST_CHECK_MS)) return refresh();
    return snapshot;
  }

  const allows = async (ip: string) => {
    const s = await current();
    return !s.enforced || s.size === 0 || isAllowed(s.list, ip);
  };

  app.decorate('ipAllowList', {
    async reload() {
      await pending;
      await refresh();
    },
    allows,
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const path = request.url.split('?')[0];
    // The front-end files stay reachable, so the browser can show the page that names the refused address.
    if (!(path === '/api' || path.startsWith('/api/')) || OPEN_PATHS.has(path)) return;
    if (!(await allows(request.ip))) throw ipNotAllowed(request.ip);
  });
}

export const ipAllowList = fp(ipAllowListPlugin, { name: 'ip-allow-list', dependencies: ['database', 'error-handler'] });
