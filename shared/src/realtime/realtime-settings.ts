import type Pusher from 'pusher-js';

// What the page needs to know of the realtime client before pusher-js itself has loaded: pusher-js is fetched only
// when a signed-in page connects (realtime-provider), after the first paint, so it stays out of the first load.

/** The realtime client's timings, as the spec gives them. */
export const REALTIME_TIMEOUTS = { activityTimeout: 120_000, pongTimeout: 30_000, unavailableTimeout: 10_000 } as const;
/** After a close, connect again after this long. */
export const RECONNECT_DELAY_MS = 1000;
export const CHANNEL_AUTH_PATH = '/broadcasting/auth';
/** The spec names this path outside /api. */
export const USER_AUTH_URL = '/broadcasting/user-auth';

/** The pusher-js client (a type only: importing it here loads nothing). */
export type RealtimeClient = Pusher;
