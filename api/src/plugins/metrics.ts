import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../errors/app-error';

/** From a fast lookup to the slowest answer worth telling apart; slower ones land in +Inf. */
export const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The label of a request no route matched (a 404 or a refused path): one series, whatever the URL was. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Compares through fixed-length digests, so neither the content nor the length of the token leaks through timing. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * Prometheus metrics on a registry of this app's own (tests build many apps in one process): request latency by
 * matched route, job queue depth and failures, realtime connections, database pool use, and Node's process metrics.
 * GET /metrics serves them to a bearer of METRICS_TOKEN; unset, the route answers as an unknown one (docs/decisions/050).
 */
async function metricsPlugin(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer; _count is the number of requests.',
    // The matched route (`/api/leads/:id`), never the raw URL: a label per id or per probe would grow without bound.
    labelNames: ['method', 'route', 'status_class'],
    buckets: LATENCY_BUCKETS_SECONDS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_class: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'crm_jobs',
    help: 'Background jobs by queue and state (created: waiting, retry: waiting after a failure, active: running, failed: out of attempts), across every instance.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { queue, state, count } of await app.jobs.stats()) this.set({ queue, state }, count);
    },
  });

  const realtimeServer = app.realtime.server;
  if (realtimeServer) {
    new Gauge({
      name: 'crm_realtime_connections',
      help: 'Open sockets on this instance\'s embedded realtime endpoint.',
      registers: [registry],
      collect() {
        this.set(realtimeServer.connectionCount);
      },
    });
  }

  const connection = app.dbConnection;
  // PGlite is one in-process connection, not a pool: nothing to report but what the process metrics already show.
  if (connection.driver === 'postgres') {
    const { pool } = connection;
    new Gauge({
      name: 'crm_db_pool_clients',
      help: 'PostgreSQL pool clients of this instance: total open, idle, and requests waiting for one.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'crm_db_pool_max_clients',
      help: 'The most clients the PostgreSQL pool opens.',
      registers: [registry],
      collect() {
        this.set(pool.options.max);
      },
    });
  }

  const token = app.config.metricsToken;
  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      // Scraped from inside the network, whose addresses are not the offices' on the allow-list; the token guards it.
      config: { openToEveryAddress: 'metrics' },
      schema: { hide: true },
    },
    async (request, reply) => {
      if (!token) return reply.callNotFound();
      const given = bearerToken(request);
      if (given === undefined || !sameToken(given, token)) {
        reply.header('WWW-Authenticate', 'Bearer');
        throw new AppError('UNAUTHENTICATED', 'Send the metrics token as a bearer token.');
      }
      reply.header('Cache-Control', 'no-store').type(registry.contentType);
      return registry.metrics();
    },
  );
}

export const metrics = fp(metricsPlugin, { name: 'metrics', dependencies: ['database', 'jobs', 'realtime'] });
