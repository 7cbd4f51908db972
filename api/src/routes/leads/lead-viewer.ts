import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../plugins/auth';
import type { LeadViewer } from '../../repositories/lead-scope';

/** The signed-in caller as the lead queries see them: their id and their role's visibility scope. */
export function leadViewer(request: FastifyRequest): LeadViewer {
  const user = requireUser(request);
  return { id: user.id, leadScope: user.role.leadScope };
}
