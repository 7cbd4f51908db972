import type { FastifyRequest } from 'fastify';

/**
 * The routes every address may reach, declared on the route itself (`config.openToEveryAddress`):
 * - `web-asset`: the front-end's files (plugins/web.ts), so a refused browser can still show the page that names its
 *   address; they set their own caching.
 * - `probe`: the load balancers' health checks, which say nothing about the data.
 * - `metrics`: GET /metrics, scraped from inside the network (whose addresses are not the offices' on the list) and
 *   guarded by METRICS_TOKEN instead (docs/decisions/050).
 */
export type OpenToEveryAddress = 'web-asset' | 'probe' | 'metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    openToEveryAddress?: OpenToEveryAddress;
  }
}

/**
 * What the route that matched says about itself; undefined for every other route and for a request no route matched.
 * Read from the router's match, never the raw URL: `/%61pi/…` and `/api/…` reach the same route (docs/decisions/044).
 */
export const openToEveryAddress = (request: FastifyRequest): OpenToEveryAddress | undefined =>
  request.routeOptions.config?.openToEveryAddress;
