import Pusher from 'pusher-js';
import { api, getAccessToken } from '@crm/shared/api-client';
import type { RealtimeConfig } from '@crm/shared/schemas';
import { CHANNEL_AUTH_PATH, REALTIME_TIMEOUTS, type RealtimeClient, USER_AUTH_URL } from './realtime-settings';


/**
 * A pusher-js client for the configuration the API serves. A null host is the page's own server (the embedded
 * endpoint); channel auth goes through the one API client (the bearer header), user auth to the second path the spec
 * names (/broadcasting/user-auth).
 */
export function createRealtimeClient(config: RealtimeConfig, location: Pick<Location, 'hostname' | 'port' | 'protocol'> = window.location): RealtimeClient {
  const pageTls = location.protocol === 'https:';
  const tls = config.tls ?? pageTls;
  const port = config.port ?? (location.port ? Number(location.port) : tls ? 443 : 80);
  return new Pusher(config.key, {
    cluster: config.cluster,
    ...(config.host === null && config.tls !== null ? {} : { wsHost: config.host ?? location.hostname, wsPort: port, wssPort: port }),
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    ...REALTIME_TIMEOUTS,
    channelAuthorization: {
      endpoint: `/api${CHANNEL_AUTH_PATH}`,
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        api
          .post<{ auth: string; channel_data?: string }>(CHANNEL_AUTH_PATH, new URLSearchParams({ socket_id: socketId, channel_name: channelName }))
          .then((answer) => callback(null, answer))
          .catch((error: unknown) => {
            // A channel auth failure is logged; pusher-js then raises pusher:subscription_error on the channel.
            console.error('Realtime channel authorisation failed', channelName, error);
            callback(error instanceof Error ? error : new Error(String(error)), null);
          });
      },
    },
    userAuthentication: {
      endpoint: USER_AUTH_URL,
      transport: 'ajax',
      headersProvider: () => {
        const token = getAccessToken();
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
    },
  });
}
