import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Close and error codes of the Pusher Channels protocol (https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/). */
export const ErrorCode = {
  /** 4000–4099: the client must not reconnect. */
  APP_NOT_FOUND: 4001,
  UNSUPPORTED_PROTOCOL: 4007,
  NO_PROTOCOL: 4008,
  UNAUTHORIZED: 4009,
  /** 4100–4199: reconnect after a back-off. */
  OVER_CAPACITY: 4100,
  /** 4200–4299: reconnect at once. */
  RECONNECT: 4200,
  PONG_NOT_RECEIVED: 4201,
  CLOSED_AFTER_INACTIVITY: 4202,
  /** 4300–4399: the message was refused, the connection stays. */
  CLIENT_EVENT_REJECTED: 4301,
} as const;

export interface RealtimeLimits {
  /** Largest frame a client may send, in bytes (a bigger one closes the socket with 1009). */
  maxMessageBytes: number;
  /** Largest `data` of an event published through the HTTP API or sent as a client event. */
  maxEventBytes: number;
  maxChannelsPerConnection: number;
  maxConnectionsPerIp: number;
  maxChannelsPerEvent: number;
  maxBatchEvents: number;
  maxPresenceMembers: number;
  maxPresenceUserInfoBytes: number;
  maxChannelNameLength: number;
  maxClientEventsPerSecond: number;
}

export const DEFAULT_LIMITS: RealtimeLimits = {
  maxMessageBytes: 64 * 1024,
  maxEventBytes: 10 * 1024,
  maxChannelsPerConnection: 100,
  maxConnectionsPerIp: 1000,
  maxChannelsPerEvent: 100,
  maxBatchEvents: 10,
  maxPresenceMembers: 100,
  maxPresenceUserInfoBytes: 1024,
  maxChannelNameLength: 164,
  maxClientEventsPerSecond: 10,
};

/** A message from the server: `data` is a JSON string, as the protocol sends it. */
export interface ServerMessage {
  event: string;
  channel?: string;
  data: string;
  user_id?: string;
}

export interface PresenceMember {
  user_id: string;
  user_info?: unknown;
}

const CHANNEL_NAME = /^[-a-zA-Z0-9_=@,.;#]+$/;

export type ChannelKind = 'public' | 'private' | 'presence' | 'encrypted' | 'user';

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('#server-to-user-')) return 'user';
  if (name.startsWith('private-encrypted-')) return 'encrypted';
  if (name.startsWith('private-')) return 'private';
  if (name.startsWith('presence-')) return 'presence';
  return 'public';
}

export function isValidChannelName(name: unknown, maxLength: number): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= maxLength && CHANNEL_NAME.test(name);
}

export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function md5(value: string | Buffer): string {
  return createHash('md5').update(value).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(expected: string, actual: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `key:signature` as the auth endpoint answers it, checked against what this server signs. */
export function checkAuthSignature(auth: unknown, key: string, secret: string, stringToSign: string): boolean {
  if (typeof auth !== 'string') return false;
  const [authKey, signature] = auth.split(':');
  if (authKey !== key || !signature) return false;
  return sameDigest(hmac(secret, stringToSign), signature);
}

export function serialize(message: ServerMessage): string {
  return JSON.stringify(message);
}

/**
 * `payload` as one whole WebSocket text frame from a server (RFC 6455 base framing: FIN, opcode 1, no mask, no
 * extension bits), header and bytes in one buffer. A broadcast builds it once and writes the same buffer to every
 * subscriber's socket: no per-socket encoding, framing or allocation (docs/decisions/057).
 */
export function textFrame(payload: string): Buffer {
  const length = Buffer.byteLength(payload);
  const header = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81;
  if (header === 2) {
    frame[1] = length;
  } else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(payload, header, 'utf8');
  return frame;
}

export function errorMessage(code: number | null, message: string): string {
  return JSON.stringify({ event: 'pusher:error', data: { code, message } });
}
