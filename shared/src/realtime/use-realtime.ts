import { useContext, useEffect, useRef, useState } from 'react';
import { RealtimeContext } from './realtime-context';
import type { ConnectionState } from './realtime-context';

/** The connection state of the page's realtime connection ('initialized' outside a RealtimeProvider). */
export function useConnectionState(): ConnectionState {
  return useContext(RealtimeContext)?.state ?? 'initialized';
}

/**
 * Calls `handler` for each `event` on `channelName` (null: none) while mounted, on the page's one connection. The
 * handler may change between renders without resubscribing.
 */
export function useChannelEvent<T = unknown>(channelName: string | null, event: string, handler: (data: T) => void): void {
  const context = useContext(RealtimeContext);
  const latest = useRef(handler);
  latest.current = handler;
  const client = context?.client ?? null;
  const acquire = context?.acquire;
  useEffect(() => {
    if (!client || !acquire || !channelName) return;
    const release = acquire(channelName);
    const channel = client.channel(channelName);
    const listener = (data: T) => latest.current(data);
    channel?.bind(event, listener);
    return () => {
      channel?.unbind(event, listener);
      release();
    };
  }, [client, acquire, channelName, event]);
}

export interface PresenceMember {
  id: string;
  info: { name?: string; avatar?: string | null } | null;
}

/** The members of a presence channel (null: none), the current user included, in the order they joined. */
export function usePresence(channelName: string | null): { members: PresenceMember[]; myId: string | null } {
  const context = useContext(RealtimeContext);
  const [members, setMembers] = useState<PresenceMember[]>([]);
  const [myId, setMyId] = useState<string | null>(null);
  const client = context?.client ?? null;
  const acquire = context?.acquire;
  useEffect(() => {
    if (!client || !acquire || !channelName) return;
    const release = acquire(channelName);
    const channel = client.channel(channelName);
    type Members = { each: (fn: (m: { id: string; info: PresenceMember['info'] }) => void) => void; me: { id: string } | null };
    const read = () => {
      const all = (channel as unknown as { members: Members }).members;
      const list: PresenceMember[] = [];
      all.each((m) => list.push({ id: String(m.id), info: m.info ?? null }));
      setMembers(list);
      setMyId(all.me ? String(all.me.id) : null);
    };
    const events = ['pusher:subscription_succeeded', 'pusher:member_added', 'pusher:member_removed'];
    for (const name of events) channel?.bind(name, read);
    if ((channel as unknown as { subscribed?: boolean })?.subscribed) read();
    return () => {
      for (const name of events) channel?.unbind(name, read);
      release();
      setMembers([]);
    };
  }, [client, acquire, channelName]);
  return { members, myId };
}
