import { randomInt } from 'node:crypto';
import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import type { RealtimeAdapter } from './adapter';
import {
  channelKind,
  checkAuthSignature,
  ErrorCode,
  errorMessage,
  isValidChannelName,
  type PresenceMember,
  type RealtimeLimits,
  type ServerMessage,
  serialize,
  textFrame,
} from './protocol';

export interface RealtimeServerOptions {
  appKey: string;
  appSecret: string;
  limits: RealtimeLimits;
  /** Seconds of silence after which the server pings a client (sent to it as `activity_timeout`). */
  activityTimeoutSeconds: number;
  /** Seconds the server waits for the pong before closing with 4201. */
  pongTimeoutSeconds: number;
  clientEvents: boolean;
  /** The address a connection is counted against (the proxy-aware one when the app trusts a proxy). */
  clientIp: (request: IncomingMessage) => string;
  /**
   * Asked before any upgrade is accepted, whatever its path: undefined lets it through, otherwise the HTTP answer the
   * socket is refused with (the IP allow-list, which Fastify's hooks never see here).
   */
  admit?: (ip: string) => Promise<{ status: number; body: unknown } | undefined>;
  log: FastifyBaseLogger;
}

interface Connection {
  socketId: string;
  ws: WebSocket;
  /** The upgraded TCP socket under `ws`: broadcasts write their prebuilt frame to it (see `deliver`). */
  socket: Duplex;
  ip: string;
  channels: Set<string>;
  /** Presence channels: the member this socket joined as. */
  presence: Map<string, PresenceMember>;
  user?: { id: string; data: string };
  lastSeen: number;
  pingSentAt?: number;
  clientEventWindow: { startedAt: number; count: number };
}

interface ClientMessage {
  event?: unknown;
  channel?: unknown;
  data?: unknown;
}

const PATH = /^\/app\/([^/?]+)(?:\?|$)/;

function newSocketId(): string {
  return `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
}

/**
 * The Pusher Channels protocol (version 7) on a `ws` server sharing the API's HTTP server: the same client library
 * and the same publishing path work against this endpoint and against Pusher, Soketi, Reverb or Sockudo.
 */
export class RealtimeServer {
  readonly wss: WebSocketServer;
  private readonly connections = new Map<string, Connection>();
  /** channel → sockets of this instance subscribed to it. */
  private readonly subscribers = new Map<string, Set<Connection>>();
  private readonly perIp = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  /** Set by `closeSockets`: upgrades are refused from then on. */
  private closing = false;
  adapter!: RealtimeAdapter;

  constructor(private readonly options: RealtimeServerOptions) {
    this.wss = new WebSocketServer({ noServer: true, maxPayload: options.limits.maxMessageBytes, perMessageDeflate: false });
    this.timer = setInterval(() => this.checkActivity(), 1000);
    this.timer.unref();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /**
   * Local delivery for the adapter: every socket of this instance on the channel. The frame is serialised and framed
   * once, and the same buffer is written straight to each TCP socket (one write each), instead of `ws.send`, which
   * encodes the string, allocates a header and writes twice per socket: at 5,000 subscribers the loop is the
   * broadcast's latency (docs/decisions/057). This is safe because the server negotiates no extension
   * (`perMessageDeflate: false`), so `ws` writes each of its own frames whole and synchronously into the same socket and
   * frames never interleave; OPEN means `ws` has not sent a close frame, after which no data frame may follow.
   */
  readonly deliver = (channel: string, message: ServerMessage, exceptSocketId?: string) => {
    const sockets = this.subscribers.get(channel);
    if (!sockets) return;
    const frame = textFrame(serialize({ ...message, channel }));
    for (const connection of sockets) {
      if (connection.socketId !== exceptSocketId && connection.ws.readyState === connection.ws.OPEN) connection.socket.write(frame);
    }
  };

  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => void this.handleUpgrade(request, socket, head));
  }

  private async handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    // Errors while the admission check runs (the client gone) must not become an unhandled 'error' event.
    socket.on('error', (error) => this.options.log.debug({ err: error }, 'Realtime upgrade socket error'));
    let refusal: { status: number; body: unknown } | undefined;
    try {
      refusal = this.closing
        ? { status: 503, body: { message: 'This instance is shutting down.', code: 'SERVICE_UNAVAILABLE' } }
        : await this.options.admit?.(this.options.clientIp(request));
    } catch (error) {
      this.options.log.error({ err: error }, 'Realtime admission check failed');
      refusal = { status: 503, body: { message: 'Something went wrong', code: 'SERVICE_UNAVAILABLE' } };
    }
    if (refusal) {
      const body = JSON.stringify(refusal.body);
      socket.end(
        `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      return;
    }
    const match = PATH.exec(request.url ?? '');
    if (!match) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => this.open(ws, socket, request, decodeURIComponent(match[1])));
  }

  private open(ws: WebSocket, socket: Duplex, request: IncomingMessage, key: string) {
    const refuse = (code: number, message: string) => {
      ws.send(errorMessage(code, message));
      ws.close(code, message);
    };
    if (key !== this.options.appKey) return refuse(ErrorCode.APP_NOT_FOUND, `App key ${key} does not exist.`);
    const protocol = new URL(request.url ?? '/', 'http://x').searchParams.get('protocol');
    if (!protocol) return refuse(ErrorCode.NO_PROTOCOL, 'No protocol version given: connect with ?protocol=7.');
    if (Number(protocol) < 5 || Number(protocol) > 7 || !/^\d+$/.test(protocol)) {
      return refuse(ErrorCode.UNSUPPORTED_PROTOCOL, `Protocol version ${protocol} is not supported: use 7.`);
    }
    const ip = this.options.clientIp(request);
    const open = this.perIp.get(ip) ?? 0;
    if (open >= this.options.limits.maxConnectionsPerIp) {
      return refuse(ErrorCode.OVER_CAPACITY, `Too many connections from this address (at most ${this.options.limits.maxConnectionsPerIp}).`);
    }
    this.perIp.set(ip, open + 1);

    const connection: Connection = {
      socketId: newSocketId(),
      ws,
      socket,
      ip,
      channels: new Set(),
      presence: new Map(),
      lastSeen: Date.now(),
      clientEventWindow: { startedAt: 0, count: 0 },
    };
    this.connections.set(connection.socketId, connection);
    ws.on('message', (raw, isBinary) => {
      connection.lastSeen = Date.now();
      connection.pingSentAt = undefined;
      if (isBinary) return;
      void this.onMessage(connection, raw.toString()).catch((error: unknown) => {
        this.options.log.error({ err: error }, 'Realtime message failed');
        this.send(connection, errorMessage(null, 'The message could not be handled.'));
      });
    });
    ws.on('pong', () => {
      connection.lastSeen = Date.now();
      connection.pingSentAt = undefined;
    });
    ws.on('close', () => void this.closeConnection(connection));
    ws.on('error', (error) => this.options.log.debug({ err: error }, 'Realtime socket error'));

    this.send(
      connection,
      serialize({
        event: 'pusher:connection_established',
        data: JSON.stringify({ socket_id: connection.socketId, activity_timeout: this.options.activityTimeoutSeconds }),
      }),
    );
  }

  private send(connection: Connection, frame: string) {
    if (connection.ws.readyState === connection.ws.OPEN) connection.ws.send(frame);
  }

  private async onMessage(connection: Connection, raw: string) {
    let message: ClientMessage;
    try {
      message = JSON.parse(raw) as ClientMessage;
    } catch {
      return this.send(connection, errorMessage(null, 'Messages must be JSON objects with an event.'));
    }
    if (typeof message !== 'object' || message === null || typeof message.event !== 'string') {
      return this.send(connection, errorMessage(null, 'Messages must be JSON objects with an event.'));
    }
    const data = (typeof message.data === 'string' ? safeParse(message.data) : message.data) as Record<string, unknown> | undefined;
    switch (message.event) {
      case 'pusher:ping':
        return this.send(connection, serialize({ event: 'pusher:pong', data: '{}' }));
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return this.subscribe(connection, data ?? {});
      case 'pusher:unsubscribe':
        return this.unsubscribe(connection, String(data?.channel ?? ''));
      case 'pusher:signin':
        return this.signin(connection, data ?? {});
      default:
        if (message.event.startsWith('client-')) return this.clientEvent(connection, message);
        return this.send(connection, errorMessage(null, `Unknown event ${message.event.slice(0, 64)}.`));
    }
  }

  private subscriptionError(connection: Connection, channel: string, status: number, type: string, error: string) {
    this.send(connection, serialize({ event: 'pusher:subscription_error', channel, data: JSON.stringify({ type, error, status }) }));
  }

  private async subscribe(connection: Connection, data: Record<string, unknown>) {
    const { limits, appKey, appSecret } = this.options;
    const channel = data.channel;
    if (!isValidChannelName(channel, limits.maxChannelNameLength)) {
      return this.send(connection, errorMessage(null, `Channel names are 1–${limits.maxChannelNameLength} characters of a-z A-Z 0-9 _ - = @ , . ;`));
    }
    if (connection.channels.has(channel)) {
      return this.send(connection, serialize({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' }));
    }
    if (connection.channels.size >= limits.maxChannelsPerConnection) {
      return this.subscriptionError(connection, channel, 400, 'LimitReached', `A connection may subscribe to at most ${limits.maxChannelsPerConnection} channels.`);
    }
    const kind = channelKind(channel);
    if (kind === 'encrypted') return this.subscriptionError(connection, channel, 400, 'UnsupportedChannel', 'Encrypted channels are not supported.');
    if (kind === 'user') {
      if (!connection.user || channel !== `#server-to-user-${connection.user.id}`) {
        return this.subscriptionError(connection, channel, 401, 'AuthError', 'Sign in (pusher:signin) as this user first.');
      }
    }
    let member: PresenceMember | undefined;
    if (kind === 'private' || kind === 'presence') {
      const channelData = typeof data.channel_data === 'string' ? data.channel_data : undefined;
      const signed = `${connection.socketId}:${channel}${kind === 'presence' ? `:${channelData ?? ''}` : ''}`;
      if (!checkAuthSignature(data.auth, appKey, appSecret, signed)) {
        return this.subscriptionError(connection, channel, 401, 'AuthError', `Invalid signature for ${channel}.`);
      }
      if (kind === 'presence') {
        const parsed = channelData ? (safeParse(channelData) as { user_id?: unknown; user_info?: unknown } | undefined) : undefined;
        const userId = parsed?.user_id;
        if (!parsed || (typeof userId !== 'string' && typeof userId !== 'number') || String(userId) === '') {
          return this.subscriptionError(connection, channel, 400, 'InvalidChannelData', 'channel_data must be JSON with a user_id.');
        }
        if (JSON.stringify(parsed.user_info ?? null).length > limits.maxPresenceUserInfoBytes) {
          return this.subscriptionError(connection, channel, 400, 'LimitReached', `user_info may be at most ${limits.maxPresenceUserInfoBytes} bytes.`);
        }
        member = { user_id: String(userId), user_info: parsed.user_info };
      }
    }

    if (member) {
      const current = await this.adapter.presenceMembers(channel);
      if (current.length >= limits.maxPresenceMembers && !current.some((m) => m.user_id === member.user_id)) {
        return this.subscriptionError(connection, channel, 400, 'LimitReached', `A presence channel holds at most ${limits.maxPresenceMembers} members.`);
      }
    }
    if (connection.ws.readyState !== connection.ws.OPEN) return;
    connection.channels.add(channel);
    let sockets = this.subscribers.get(channel);
    if (!sockets) this.subscribers.set(channel, (sockets = new Set()));
    sockets.add(connection);

    if (!member) return this.send(connection, serialize({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' }));

    connection.presence.set(channel, member);
    const { members, firstForUser } = await this.adapter.joinPresence(channel, connection.socketId, member);
    const hash = Object.fromEntries(members.map((m) => [m.user_id, m.user_info ?? null]));
    this.send(
      connection,
      serialize({
        event: 'pusher_internal:subscription_succeeded',
        channel,
        data: JSON.stringify({ presence: { ids: members.map((m) => m.user_id), hash, count: members.length } }),
      }),
    );
    if (firstForUser) {
      await this.adapter.broadcast(channel, { event: 'pusher_internal:member_added', data: JSON.stringify(member) }, connection.socketId);
    }
  }

  private async unsubscribe(connection: Connection, channel: string) {
    if (!connection.channels.delete(channel)) return;
    const sockets = this.subscribers.get(channel);
    sockets?.delete(connection);
    if (sockets?.size === 0) this.subscribers.delete(channel);
    if (connection.presence.delete(channel)) {
      const { member, lastForUser } = await this.adapter.leavePresence(channel, connection.socketId);
      if (member && lastForUser) {
        await this.adapter.broadcast(channel, { event: 'pusher_internal:member_removed', data: JSON.stringify({ user_id: member.user_id }) });
      }
    }
  }

  private signin(connection: Connection, data: Record<string, unknown>) {
    const userData = typeof data.user_data === 'string' ? data.user_data : '';
    const parsed = safeParse(userData) as { id?: unknown } | undefined;
    const valid =
      checkAuthSignature(data.auth, this.options.appKey, this.options.appSecret, `${connection.socketId}::user::${userData}`) &&
      parsed !== undefined &&
      (typeof parsed.id === 'string' || typeof parsed.id === 'number') &&
      String(parsed.id) !== '';
    if (!valid) {
      this.send(connection, errorMessage(ErrorCode.UNAUTHORIZED, 'Invalid user authentication.'));
      connection.ws.close(ErrorCode.UNAUTHORIZED, 'Invalid user authentication.');
      return;
    }
    connection.user = { id: String(parsed.id), data: userData };
    this.send(connection, serialize({ event: 'pusher:signin_success', data: JSON.stringify({ user_data: userData }) }));
  }

  private async clientEvent(connection: Connection, message: ClientMessage) {
    const channel = typeof message.channel === 'string' ? message.channel : '';
    const reject = (text: string) => this.send(connection, errorMessage(ErrorCode.CLIENT_EVENT_REJECTED, text));
    if (!this.options.clientEvents) return reject('Client events are turned off on this server.');
    const kind = channelKind(channel);
    if (kind !== 'private' && kind !== 'presence') return reject('Client events go on private and presence channels only.');
    if (!connection.channels.has(channel)) return reject(`Subscribe to ${channel} before sending client events on it.`);
    const data = typeof message.data === 'string' ? message.data : JSON.stringify(message.data ?? null);
    if (Buffer.byteLength(data) > this.options.limits.maxEventBytes) {
      return reject(`Client event data may be at most ${this.options.limits.maxEventBytes} bytes.`);
    }
    const now = Date.now();
    const window = connection.clientEventWindow;
    if (now - window.startedAt >= 1000) Object.assign(window, { startedAt: now, count: 0 });
    window.count += 1;
    if (window.count > this.options.limits.maxClientEventsPerSecond) {
      return reject(`At most ${this.options.limits.maxClientEventsPerSecond} client events per second.`);
    }
    const outgoing: ServerMessage = { event: message.event as string, data };
    const member = connection.presence.get(channel);
    if (member) outgoing.user_id = member.user_id;
    await this.adapter.broadcast(channel, outgoing, connection.socketId);
  }

  private checkActivity() {
    const now = Date.now();
    const idleMs = this.options.activityTimeoutSeconds * 1000;
    const pongMs = this.options.pongTimeoutSeconds * 1000;
    for (const connection of this.connections.values()) {
      if (connection.pingSentAt !== undefined) {
        if (now - connection.pingSentAt > pongMs) connection.ws.close(ErrorCode.PONG_NOT_RECEIVED, 'Pong reply not received.');
      } else if (now - connection.lastSeen > idleMs) {
        connection.pingSentAt = now;
        this.send(connection, serialize({ event: 'pusher:ping', data: '{}' }));
      }
    }
  }

  private async closeConnection(connection: Connection) {
    if (!this.connections.delete(connection.socketId)) return;
    const open = (this.perIp.get(connection.ip) ?? 1) - 1;
    if (open <= 0) this.perIp.delete(connection.ip);
    else this.perIp.set(connection.ip, open);
    for (const channel of [...connection.channels]) {
      await this.unsubscribe(connection, channel).catch((error: unknown) => this.options.log.warn({ err: error }, 'Realtime unsubscribe failed'));
    }
  }

  /**
   * Closes every socket with 4200, on which pusher-js reconnects at once (to another instance behind the proxy), and
   * refuses new upgrades. Waits up to `timeoutMs` for the clients' close frames, then drops the rest: the HTTP server
   * only finishes closing once the upgraded sockets are gone.
   */
  async closeSockets(timeoutMs = 2_000): Promise<void> {
    this.closing = true;
    const sockets = [...this.connections.values()].map((connection) => connection.ws);
    const closed = sockets.map((ws) => new Promise<void>((resolve) => (ws.readyState === ws.CLOSED ? resolve() : ws.once('close', () => resolve()))));
    for (const ws of sockets) ws.close(ErrorCode.RECONNECT, 'Server shutting down.');
    const timer = new Promise<'timeout'>((resolve) => setTimeout(resolve, timeoutMs, 'timeout').unref());
    if ((await Promise.race([Promise.all(closed), timer])) === 'timeout') for (const ws of sockets) ws.terminate();
  }

  /** Closes every socket (clients reconnect to another instance) and leaves presence. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    const all = [...this.connections.values()];
    for (const connection of all) connection.ws.close(ErrorCode.RECONNECT, 'Server shutting down.');
    await Promise.all(all.map((connection) => this.closeConnection(connection)));
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await this.adapter?.close();
  }
}

function safeParse(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
