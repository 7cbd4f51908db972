import { createContext } from 'react';
import type { RealtimeClient } from './realtime-settings';

/** pusher-js's connection states. */
export type ConnectionState = 'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected';

export interface RealtimeContextValue {
  client: RealtimeClient | null;
  state: ConnectionState;
  /** Subscribes (counting users of the channel) and answers the release. */
  acquire: (channelName: string) => () => void;
}

export const RealtimeContext = createContext<RealtimeContextValue | null>(null);
RealtimeContext.displayName = 'RealtimeContext';
