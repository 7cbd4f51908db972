import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import Pusher from 'pusher';
import type { RealtimeConfig } from '@crm/shared/schemas';
import { clientAddress } from '../lib/client-address';
import { createLocalAdapter, createRedisAdapter } from '../realtime/adapter';
import { checkPublishedEvent, realtimeHttpApi } from '../realtime/http-api';
import { DEFAULT_LIMITS, type RealtimeLimits } from '../realtime/protocol';
import { RealtimeServer } from '../realtime/realtime-server';
import { errorBody, statusForCode } from './error-handler';
import { ipNotAllowed } from './ip-allow-list';

export interface PublishedEvent {
  channels: string[];
  event: string;
  data: unknown;
}

export interface Realtime {
  /** The embedded Pusher-protocol server, when no external service is configured. */
  server?: RealtimeServer;
  /**
   * Publishes through the official `pusher` library to the external service, or in embedded mode straight to the
   * embedded endpoint's adapter (the same checks and the same frames as its HTTP API; decision 036). Never throws: a
   * failed publish is logged, the change it reports has already been saved.
   */
  publish(channels: string | string[], event: string, data: unknown): Promise<void>;
  authorizeChannel(socketId: string, channel: string, presenceData?: Pusher.PresenceChannelData): Pusher.ChannelAuthResponse;
  authenticateUser(socketId: string, userData: Pusher.UserChannelData): Pusher.UserAuthResponse;
  /** What the browser's pusher-js needs (GET /api/realtime/config). */
  clientConfig: RealtimeConfig;
  /** Sees every event as it is published (tests, and instances that never listen). */
  onPublish(listener: (event: PublishedEvent) => void): () => void;
  /** Resolves once every publish started so far has finished. */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface RealtimePluginOptions {
  limits?: Partial<RealtimeLimits>;
}

async function realtimePlugin(app: FastifyInstance, options: RealtimePluginOptions) {
  const config = app.config.realtime;
  const limits: RealtimeLimits = { ...DEFAULT_LIMITS, maxConnectionsPerIp: config.maxConnectionsPerIp, ...options.limits };
  const listeners = new Set<(event: PublishedEvent) => void>();
  const pending = new Set<Promise<void>>();
  let server: RealtimeServer | undefined;
  let pusher: Pusher | undefined;
  /** Embedded mode once the server listens: events go to the adapter in-process instead of over loopback HTTP. */
  let direct = false;
  const signer = new Pusher({ appId: config.appId, key: config.key, secret: config.secret, cluster: config.cluster });

  if (config.external) {
    const { host, port, scheme } = config.external;
    pusher = new Pusher({ appId: config.appId, key: config.key, secret: config.secret, host, port: port ? String(port) : undefined, useTLS: scheme === 'https', cluster: config.cluster });
  } else {
    server = new RealtimeServer({
      appKey: config.key,
      appSecret: config.secret,
      limits,
      activityTimeoutSeconds: config.activityTimeoutSeconds,
      pongTimeoutSeconds: config.pongTimeoutSeconds,
      clientEvents: config.clientEvents,
      // As request.ip works it out: X-Forwarded-For only from the trusted proxies (TRUSTED_PROXIES).
      clientIp: clientAddress(app.config.trustProxy),
      // The upgrade never reaches Fastify's hooks: the allow-list is checked here, before the socket opens (docs/decisions/044).
      admit: async (ip) => {
        if (await app.ipAllowList.allows(ip)) return undefined;
        const refusal = ipNotAllowed(ip);
        return { status: statusForCode(refusal.code), body: errorBody(refusal) };
      },
      log: app.log.child({ module: 'realtime' }),
    });
    server.adapter = config.redisUrl ? await createRedisAdapter(config.redisUrl, server.deliver) : createLocalAdapter(server.deliver);
    server.attach(app.server);
    await app.register(realtimeHttpApi, { appId: config.appId, appKey: config.key, appSecret: config.secret, limits, adapter: () => server!.adapter });
    // The embedded endpoint is this server: once it listens (so sockets can be connected), the app's own events go to
    // its adapter in-process. Publishing them over loopback through the `pusher` library and the signed HTTP API (as
    // decision 029 first did) cost an extra HTTP request, an HMAC and a body MD5 per change: a third of the server's
    // requests under bench:throughput (decision 036). The HTTP API stays for external publishers and the conformance suite.
    app.addHook('onListen', async () => {
      direct = true;
    });
  }

  // Before the HTTP server closes, which waits for every socket it accepted, upgraded ones included.
  app.addHook('preClose', async () => {
    await server?.closeSockets();
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
    await server?.close();
  });

  const realtime: Realtime = {
    server,
    async publish(channels, event, data) {
      const list = Array.isArray(channels) ? channels : [channels];
      for (const listener of listeners) listener({ channels: list, event, data });
      if ((!pusher && !direct) || list.length === 0) return;
      const sending = (async () => {
        try {
          if (direct && server) {
            // As the `pusher` library sends it: a string as it is, anything else as JSON; at most 100 channels per call.
            const json = typeof data === 'string' ? data : JSON.stringify(data);
            for (let i = 0; i < list.length; i += 100) {
              const channels = list.slice(i, i + 100);
              const problems = event.length > 200 ? ['name: at most 200 characters.'] : checkPublishedEvent({ channels, data: json }, limits);
              if (problems.length > 0) throw new Error(problems.join(' '));
              const adapter = server.adapter;
              await Promise.all(channels.map((channel) => adapter.broadcast(channel, { event, data: json })));
            }
            return;
          }
          // Pusher accepts at most 100 channels per call.
          for (let i = 0; i < list.length; i += 100) await pusher!.trigger(list.slice(i, i + 100), event, data);
        } catch (error) {
          app.log.warn({ err: error, event, channels: list.slice(0, 5) }, 'Realtime publish failed');
        }
      })();
      pending.add(sending);
      await sending;
      pending.delete(sending);
    },
    authorizeChannel: (socketId, channel, presenceData) => signer.authorizeChannel(socketId, channel, presenceData),
    authenticateUser: (socketId, userData) => signer.authenticateUser(socketId, userData),
    clientConfig: {
      key: config.key,
      cluster: config.cluster,
      host: config.external ? config.external.wsHost : null,
      port: config.external ? config.external.wsPort : null,
      tls: config.external ? config.external.scheme === 'https' : null,
    },
    onPublish(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async flush() {
      await Promise.allSettled([...pending]);
    },
  };
  app.decorate('realtime', realtime);
}

export const realtime = fp(realtimePlugin, { name: 'realtime', dependencies: ['ip-allow-list'] });
