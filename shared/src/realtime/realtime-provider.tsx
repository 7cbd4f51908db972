import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, useSession } from '@crm/shared/api-client';
import type { RealtimeConfig } from '@crm/shared/schemas';
import { RECONNECT_DELAY_MS, type RealtimeClient } from './realtime-settings';
import { type ConnectionState, RealtimeContext, type RealtimeContextValue } from './realtime-context';

export interface RealtimeProviderProps {
  children: ReactNode;
  /** Tests pass a client of their own. */
  createClient?: (config: RealtimeConfig) => RealtimeClient | Promise<RealtimeClient>;
}

/** pusher-js loads with the connection, not with the page (it is not needed for the first paint). */
const loadRealtimeClient = async (config: RealtimeConfig): Promise<RealtimeClient> =>
  (await import('./realtime-client')).createRealtimeClient(config);

/** The longest the connection waits for an idle moment once the page has painted. */
const CONNECT_IDLE_TIMEOUT_MS = 5000;
/** How long the page's largest paint must stay unchanged before the connection starts, where the browser reports it. */
const PAINT_SETTLED_MS = 1000;
/** The longest the connection waits for the largest paint to settle after the load event. */
const PAINT_SETTLED_MAX_MS = 8000;

/** Calls `task` when the main thread is next idle; answers a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: CONNECT_IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
}

/** Calls `task` once the window's load event has fired (at once if it has); answers a cancel. */
function whenLoaded(task: () => void): () => void {
  if (document.readyState === 'complete') {
    task();
    return () => undefined;
  }
  const listener = () => task();
  window.addEventListener('load', listener, { once: true });
  return () => window.removeEventListener('load', listener);
}

/**
 * Calls `task` once the page's largest paint has not changed for PAINT_SETTLED_MS (at most PAINT_SETTLED_MAX_MS),
 * where the browser reports largest-contentful-paint entries; at once where it does not. Answers a cancel.
 */
function whenPaintSettled(task: () => void): () => void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    task();
    return () => undefined;
  }
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(quiet);
    clearTimeout(cap);
    task();
  };
  const restart = () => {
    clearTimeout(quiet);
    quiet = setTimeout(finish, PAINT_SETTLED_MS);
  };
  const observer = new PerformanceObserver(restart);
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  const cap = setTimeout(finish, PAINT_SETTLED_MAX_MS);
  restart();
  return () => {
    done = true;
    observer.disconnect();
    clearTimeout(quiet);
    clearTimeout(cap);
  };
}

/**
 * Runs `task` after the page's first screen: the window's load event, the largest paint settled, then an idle moment.
 * The connection (pusher-js's chunk, the config, the socket and the sign-in) thereby starts outside the page's LCP
 * window, not while the remote page's chunks and data are still on their way (docs/decisions/080). What the user's
 * channel says before it subscribes is recovered by its listeners fetching again on the channel's
 * `pusher:subscription_succeeded` (the bell, the task badge). Answers a cancel.
 */
function afterFirstScreen(task: () => void): () => void {
  const cancels: Array<() => void> = [];
  cancels.push(whenLoaded(() => cancels.push(whenPaintSettled(() => cancels.push(whenIdle(task))))));
  return () => {
    for (const cancel of cancels) cancel();
  };
}

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
