import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { PresenceMember, ServerMessage } from './protocol';

/** Hands a message to this instance's sockets on `channel`, except the one that sent it. */
export type LocalDelivery = (channel: string, message: ServerMessage, exceptSocketId?: string) => void;

/**
 * Where channel state lives: one process (the default) or every instance sharing a Redis. The server asks the
 * adapter, never its own maps, so presence and fan-out are the same code in both modes.
 */
export interface RealtimeAdapter {
  /** Delivers to the sockets on `channel` on every instance. */
  broadcast(channel: string, message: ServerMessage, exceptSocketId?: string): Promise<void>;
  /** Adds a socket's member; `firstForUser` when no other socket of that user was on the channel. */
  joinPresence(channel: string, socketId: string, member: PresenceMember): Promise<{ members: PresenceMember[]; firstForUser: boolean }>;
  /** Removes a socket's member; `lastForUser` when it was that user's last socket on the channel. */
  leavePresence(channel: string, socketId: string): Promise<{ member?: PresenceMember; lastForUser: boolean }>;
  presenceMembers(channel: string): Promise<PresenceMember[]>;
  close(): Promise<void>;
}

/** One member per user, in the order they joined. */
function distinctMembers(entries: PresenceMember[]): PresenceMember[] {
  const byUser = new Map<string, PresenceMember>();
  for (const member of entries) if (!byUser.has(member.user_id)) byUser.set(member.user_id, member);
  return [...byUser.values()];
}

export function createLocalAdapter(deliver: LocalDelivery): RealtimeAdapter {
  const presence = new Map<string, Map<string, PresenceMember>>();
  return {
    async broadcast(channel, message, exceptSocketId) {
      deliver(channel, message, exceptSocketId);
    },
    async joinPresence(channel, socketId, member) {
      let sockets = presence.get(channel);
      if (!sockets) presence.set(channel, (sockets = new Map()));
      const firstForUser = ![...sockets.values()].some((m) => m.user_id === member.user_id);
      sockets.set(socketId, member);
      return { members: distinctMembers([...sockets.values()]), firstForUser };
    },
    async leavePresence(channel, socketId) {
      const sockets = presence.get(channel);
      const member = sockets?.get(socketId);
      if (!sockets || !member) return { lastForUser: false };
      sockets.delete(socketId);
      if (sockets.size === 0) presence.delete(channel);
      return { member, lastForUser: ![...sockets.values()].some((m) => m.user_id === member.user_id) };
    },
    async presenceMembers(channel) {
      return distinctMembers([...(presence.get(channel)?.values() ?? [])]);
    },
    async close() {
      presence.clear();
    },
  };
}

// Members of instances whose heartbeat key expired (a crash) are dropped as the hash is read. ARGV[1]: the prefix of
// heartbeat keys; fields are `instance:socket`.
const LIVE_MEMBERS = `
local function live(key, prefix)
  local all = redis.call('HGETALL', key)
  local out = {}
  for i = 1, #all, 2 do
    local instance = string.match(all[i], '^([^:]+):')
    if instance and redis.call('EXISTS', prefix .. instance) == 1 then
      out[#out + 1] = all[i]
      out[#out + 1] = all[i + 1]
    else
      redis.call('HDEL', key, all[i])
    end
  end
  return out
end
`;
// Set and read in one step, so two instances adding the same user at once never both announce it.
const JOIN_SCRIPT = `${LIVE_MEMBERS} redis.call('HSET', KEYS[1], ARGV[2], ARGV[3]) return live(KEYS[1], ARGV[1])`;
const LEAVE_SCRIPT = `${LIVE_MEMBERS} local m = redis.call('HGET', KEYS[1], ARGV[2]) redis.call('HDEL', KEYS[1], ARGV[2]) return {m or false, live(KEYS[1], ARGV[1])}`;
const MEMBERS_SCRIPT = `${LIVE_MEMBERS} return live(KEYS[1], ARGV[1])`;
/** An instance that stops refreshing its heartbeat for this long counts as gone. */
const HEARTBEAT_TTL_SECONDS = 30;

interface BusMessage {
  origin: string;
  channel: string;
  message: ServerMessage;
  except?: string;
}

/**
 * Several API instances on one Redis: events go out on a pub/sub channel every instance listens to, and presence
 * members live in one hash per channel keyed by instance and socket. Each instance removes its own members when
 * it closes, and keeps a heartbeat key alive while it runs: members of an instance that crashed are dropped from a
 * channel the next time it is read (docs/decisions/029).
 */
export async function createRedisAdapter(url: string, deliver: LocalDelivery, prefix = 'crm-realtime'): Promise<RealtimeAdapter> {
  const instanceId = randomUUID();
  const command = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await Promise.all([command.connect(), subscriber.connect()]);
  const busChannel = `${prefix}:events`;
  const presenceKey = (channel: string) => `${prefix}:presence:${channel}`;
  const field = (socketId: string) => `${instanceId}:${socketId}`;
  const joined = new Map<string, Set<string>>();
  const heartbeatPrefix = `${prefix}:instance:`;
  const beat = () => command.set(`${heartbeatPrefix}${instanceId}`, '1', 'EX', HEARTBEAT_TTL_SECONDS);
  await beat();
  const heartbeat = setInterval(() => void beat().catch(() => undefined), (HEARTBEAT_TTL_SECONDS / 3) * 1000);
  heartbeat.unref();

  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      const bus = JSON.parse(raw) as BusMessage;
      deliver(bus.channel, bus.message, bus.except);
    } catch {
      // A foreign or malformed message on our bus channel: nothing to deliver.
    }
  });
  await subscriber.subscribe(busChannel);

  const parseMembers = (flat: string[]): PresenceMember[] => {
    const members: PresenceMember[] = [];
    for (let i = 1; i < flat.length; i += 2) members.push(JSON.parse(flat[i]) as PresenceMember);
    return members;
  };

  return {
    async broadcast(channel, message, except) {
      const bus: BusMessage = { origin: instanceId, channel, message, except };
      await command.publish(busChannel, JSON.stringify(bus));
    },
    async joinPresence(channel, socketId, member) {
      const flat = (await command.eval(JOIN_SCRIPT, 1, presenceKey(channel), heartbeatPrefix, field(socketId), JSON.stringify(member))) as string[];
      let sockets = joined.get(channel);
      if (!sockets) joined.set(channel, (sockets = new Set()));
      sockets.add(socketId);
      const all = parseMembers(flat);
      const others = all.filter((m, i) => flat[i * 2] !== field(socketId));
      return { members: distinctMembers(all), firstForUser: !others.some((m) => m.user_id === member.user_id) };
    },
    async leavePresence(channel, socketId) {
      joined.get(channel)?.delete(socketId);
      const [raw, flat] = (await command.eval(LEAVE_SCRIPT, 1, presenceKey(channel), heartbeatPrefix, field(socketId))) as [string | null, string[]];
      if (!raw) return { lastForUser: false };
      const member = JSON.parse(raw) as PresenceMember;
      return { member, lastForUser: !parseMembers(flat).some((m) => m.user_id === member.user_id) };
    },
    async presenceMembers(channel) {
      const flat = (await command.eval(MEMBERS_SCRIPT, 1, presenceKey(channel), heartbeatPrefix)) as string[];
      return distinctMembers(parseMembers(flat));
    },
    async close() {
      const pipeline = command.pipeline();
      for (const [channel, sockets] of joined) for (const socketId of sockets) pipeline.hdel(presenceKey(channel), field(socketId));
      pipeline.del(`${heartbeatPrefix}${instanceId}`);
      await pipeline.exec().catch(() => undefined);
      clearInterval(heartbeat);
      subscriber.disconnect();
      command.disconnect();
    },
  };
}
