import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { AppConfig } from '../config';

/**
 * The client's address exactly as Fastify's `request.ip` works it out under the same `trustProxy`, for requests that
 * never reach Fastify's router (the realtime socket's upgrade): X-Forwarded-For counts only from a trusted peer.
 */
export function clientAddress(trustProxy: AppConfig['trustProxy']): (request: IncomingMessage) => string {
  if (trustProxy === false) return (request) => request.socket.remoteAddress ?? '';
  const trust = trustProxy === true ? () => true : proxyAddr.compile(trustProxy);
  return (request) => {
    const addresses = proxyAddr.all(request, trust);
    return addresses[addresses.length - 1] ?? '';
  };
}
