import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../plugins/auth';

/** The caller as realtime events name them: a user of the CRM, not lead data. */
export function changedBy(request: FastifyRequest): { id: number; name: string } {
  const user = requireUser(request);
  return { id: user.id, name: user.name };
}

/** How a notification names a lead its recipient is responsible for. */
export function leadName(lead: { surname: string; firstname: string }): string {
  return `${lead.surname} ${lead.firstname}`.trim();
}
