import type { FastifyRequest } from 'fastify';
import { requireUser } from '../plugins/auth';
import type { UserActor } from '../services/domain-events';

/** The signed-in caller as a service's events and audit rows name them, with the address the request came from. */
export function requestActor(request: FastifyRequest): UserActor {
  const user = requireUser(request);
  return { id: user.id, name: user.name, email: user.email, ip: request.ip, ...(user.apiKey && { apiKey: user.apiKey.name }) };
}
