import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../plugins/auth';
import type { LeadViewer } from '../../repositories/lead-scope';
import type { LeadCaller } from '../../services/lead-service';
import { requestActor } from '../request-actor';

/** The signed-in caller as the lead queries see them: their id and their role's visibility scope. */
export function leadViewer(request: FastifyRequest): LeadViewer {
  const user = requireUser(request);
  return { id: user.id, leadScope: user.role.leadScope };
}

/** The signed-in caller of a lead use case: who acts, and which leads they see. */
export function leadCaller(request: FastifyRequest): LeadCaller {
  return { actor: requestActor(request), viewer: leadViewer(request) };
}
