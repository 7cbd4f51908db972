import { createLeadStatusRepository } from '../repositories/lead-status-repository';
import type { UserActor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

/** Lead status changes that move leads: the move, each lead's history, the deletion and its audit row in one transaction. */
export function createLeadStatusService(run: RunUnitOfWork) {
  return {
    /**
     * Deletes a status; with `replacementId` its leads move there first, each with a history entry. The audit row
     * says how many leads moved and where.
     */
    async deleteLeadStatus(actor: UserActor, id: number, replacementId?: number): Promise<void> {
      await run(actor, async (uow) => {
        const { status, moved, replacement } = await createLeadStatusRepository(uow.tx).delete(id, replacementId, actor.id);
        await uow.audit({
          action: 'lead_status.delete',
          subjectType: 'lead_status',
          subjectId: status.id,
          before: { name: status.name, color: status.color },
          after: replacement ? { moved_leads: moved, moved_to: replacement } : null,
        });
      });
    },
  };
}

export type LeadStatusService = ReturnType<typeof createLeadStatusService>;
