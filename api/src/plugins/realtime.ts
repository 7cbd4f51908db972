import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import Pusher from 'pusher';
import type { RealtimeConfig } from '@crm/shared/schemas';
import { createLocalAdapter, createRedisAdapter } from '../realtime/adapter';
import { realtimeHttpApi } from '../realtime/http-api';
import { DEFAULT_LIMITS, type RealtimeLimits } from '../realtime/protocol';
import { RealtimeServer } from '../realtime/realtime-server';

export interface PublishedEvent {
  channels: string[];
  event: string;
  data: unknown;
}

export interface Realtime {
  /** The embedded Pusher-protocol server, when no external service is configured. */
  server?: RealtimeServer;
  /**
   * Publishes through the official `pusher` library, to the embedded endpoint or the external service. Never
   * throws: a failed publish is logged, the change it reports has already been saved.
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
      clientIp: (request) =>
        (app.config.trustProxy ? String(request.headers['x-forwarded-for'] ?? '').split(',')[0].trim() : '') || request.socket.remoteAddress || 'unknown',
      log: app.log.child({ module: 'realtime' }),
    });
    server.adapter = config.redisUrl ? await createRedisAdapter(config.redisUrl, server.deliver) : createLocalAdapter(server.deliver);
    server.attach(app.server);
    await app.register(realtimeHttpApi, { appId: config.appId, appKey: config.key, appSecret: config.secret, limits, adapter: () => server!.adapter });
    // The embedded endpoint is this server: publish to it over loopback once it listens, with Pusher's signed HTTP API.
    app.addHook('onListen', async () => {
      const address = app.server.address() as AddressInfo | null;
      if (!address || typeof address === 'string') return;
      const host = address.family === 'IPv6' ? (address.address === '::' ? '::1' : address.address) : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
      pusher = new Pusher({ appId: config.appId, key: config.key, secret: config.secret, host: host.includes(':') ? `[${host}]` : host, port: String(address.port), useTLS: false });
    });
  }

  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
    await server?.close();
  });

  const realtime: Realtime = {
    server,
    async publish(channels, event, data) {
      const list = Array.isArray(channels) ? channels : [channels];
      for (const listener of listeners) listener({ channels: list, event, data });
      if (!pusher || list.length === 0) return;
      const sending = (async () => {
        try {
          // Pusher accepts at most 100 channels per call.
          for (let i = 0; i < list.length; i += 100) await pusher.trigger(list.slice(i, i + 100), event, data);
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

export const realtime = fp(realtimePlugin, { name: 'realtime' });
