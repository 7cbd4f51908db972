import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, useSession } from '@crm/shared/api-client';
import type { RealtimeConfig } from '@crm/shared/schemas';
import { RECONNECT_DELAY_MS, type RealtimeClient } from './realtime-settings';
import { type ConnectionState, RealtimeContext, type RealtimeContextValue } from './realtime-context';
import { afterFirstScreen } from './after-first-screen';

export interface RealtimeProviderProps {
  children: ReactNode;
  /** Tests pass a client of their own. */
  createClient?: (config: RealtimeConfig) => RealtimeClient | Promise<RealtimeClient>;
}

/** pusher-js loads with the connection, not with the page (it is not needed for the first paint). */
const loadRealtimeClient = async (config: RealtimeConfig): Promise<RealtimeClient> =>
  (await import('./realtime-client')).createRealtimeClient(config);

/**
 * Owns the one realtime connection of a page (the host's; a standalone remote's own): connects while signed in,
 * signs the socket in as the user, and reconnects one second after a close. Remotes rendered by the host use
 * this connection through the hooks and never open a second one.
 */
export function RealtimeProvider({ children, createClient = loadRealtimeClient }: RealtimeProviderProps) {
  const { isLoggedIn, accessToken } = useSession();
  const [client, setClient] = useState<RealtimeClient | null>(null);
  const [state, setState] = useState<ConnectionState>('initialized');
  const counts = useRef(new Map<string, number>());

  useEffect(() => {
    if (!isLoggedIn) return;
    const subscribed = counts.current;
    let closed = false;
    let pusher: RealtimeClient | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const cancelStart = afterFirstScreen(() =>
      api
        .get<{ data: RealtimeConfig }>('/realtime/config')
        .then(async ({ data }) => {
          if (closed) return;
          const created = await createClient(data);
          if (closed) return;
          pusher = created;
          const connection = pusher.connection;
          connection.bind('state_change', ({ current }: { current: ConnectionState }) => {
            setState(current);
            if ((current === 'disconnected' || current === 'failed') && !closed) {
              clearTimeout(retry);
              retry = setTimeout(() => pusher?.connect(), RECONNECT_DELAY_MS);
            }
          });
          pusher.connect();
          pusher.signin();
          setClient(pusher);
        })
        .catch((error: unknown) => {
          console.error('Realtime configuration could not be loaded', error);
          setState('unavailable');
        }),
    );
    return () => {
      closed = true;
      cancelStart();
      clearTimeout(retry);
      pusher?.disconnect();
      subscribed.clear();
      setClient(null);
      setState('disconnected');
    };
  }, [isLoggedIn, accessToken, createClient]);

  const acquire = useCallback(
    (channelName: string) => {
      if (!client) return () => undefined;
      const count = counts.current.get(channelName) ?? 0;
      counts.current.set(channelName, count + 1);
      if (count === 0) {
        const channel = client.subscribe(channelName);
        channel.bind('pusher:subscription_error', (error: unknown) => console.error('Realtime subscription failed', channelName, error));
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (counts.current.get(channelName) ?? 1) - 1;
        if (left > 0) counts.current.set(channelName, left);
        else {
          counts.current.delete(channelName);
          client.unsubscribe(channelName);
        }
      };
    },
    [client],
  );

  const value = useMemo<RealtimeContextValue>(() => ({ client, state, acquire }), [client, state, acquire]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
