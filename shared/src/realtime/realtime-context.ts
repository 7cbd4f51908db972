import { createContext } from 'react';
import type { RealtimeClient } from './realtime-settings';

/** pusher-js's connection states. */
export type ConnectionState = 'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected';

export interface RealtimeContextValue {
  client: RealtimeClient | null;
  state: ConnectionState;
  /**
   * Whether the page's first screen has passed (docs/decisions/080): the connection waits for it, and so does what the
   * first paint does not need (the bell's and the task menu's counts, through useAfterFirstScreen).
   */
  firstScreenPassed: boolean;
  /** Subscribes (counting users of the channel) and answers the release. */
  acquire: (channelName: string) => () => void;
}

export const RealtimeContext = createContext<RealtimeContextValue | null>(null);
RealtimeContext.displayName = 'RealtimeContext';
