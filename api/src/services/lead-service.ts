import type { z } from 'zod';
import type { LeadBulkResult, LeadComment, LeadDetail, leadBulkInputSchema, leadCommentInputSchema } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import type { ParsedLeadInput } from '../lib/lead-fields';
import { createLeadBulkRepository } from '../repositories/lead-bulk-repository';
import { createLeadCommandRepository } from '../repositories/lead-command-repository';
import { createLeadCommentRepository } from '../repositories/lead-comment-repository';
import { createLeadMergeRepository, type LeadMergeRequest } from '../repositories/lead-merge-repository';
import { createLeadQueryRepository } from '../repositories/lead-query-repository';
import { createLeadScope, type LeadViewer } from '../repositories/lead-scope';
import type { UserActor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

/** Who calls a lead use case: the actor of its events and audit rows, and the scope their role sees. */
export interface LeadCaller {
  actor: UserActor;
  viewer: LeadViewer;
}

type BulkInput = z.output<typeof leadBulkInputSchema>;
type CommentInput = z.output<typeof leadCommentInputSchema>;

/** How a notification or a history line names a lead. */
export const leadName = (lead: { surname: string; firstname: string }) => `${lead.surname} ${lead.firstname}`.trim();

/** The lead repositories on one transaction: every read and write of a use case sees the same snapshot and locks. */
function leadRepositories(tx: Database) {
  const scope = createLeadScope(tx);
  return {
    commands: createLeadCommandRepository(tx, { scope }),
    queries: createLeadQueryRepository(tx, { scope }),
    bulk: createLeadBulkRepository(tx, { scope }),
    comments: createLeadCommentRepository(tx, scope),
    merges: createLeadMergeRepository(tx, scope),
  };
}

/** The lead use cases: each writes in one transaction with its audit rows, then its event reaches the subscribers. */
export function createLeadService(run: RunUnitOfWork, { db }: { db: Database }) {
  return {
    async createLead({ actor, viewer }: LeadCaller, input: ParsedLeadInput): Promise<LeadDetail> {
      return run(actor, async (uow) => {
        const lead = await leadRepositories(uow.tx).commands.create(input, viewer.id);
        uow.emit({ type: 'lead.created', leadId: lead.id, version: lead.version, name: leadName(lead), users: lead.users });
        return lead;
      });
    },

    async updateLead({ actor, viewer }: LeadCaller, id: number, input: ParsedLeadInput): Promise<LeadDetail> {
      return run(actor, async (uow) => {
        const lead = await leadRepositories(uow.tx).commands.update(id, input, viewer);
        uow.emit({ type: 'lead.updated', leadId: lead.id, version: lead.version });
        return lead;
      });
    },

    async changeLeadStatus({ actor, viewer }: LeadCaller, id: number, statusId: number | null): Promise<LeadDetail> {
      return run(actor, async (uow) => {
        const lead = await leadRepositories(uow.tx).commands.changeStatus(id, statusId, viewer);
        uow.emit({ type: 'lead.status_changed', leadIds: [lead.id], versions: { [lead.id]: lead.version } });
        return lead;
      });
    },

    /** Hand-over: the lead's responsible users become exactly `userId`. */
    async assignLead({ actor, viewer }: LeadCaller, id: number, userId: number): Promise<LeadDetail> {
      return run(actor, async (uow) => {
        const lead = await leadRepositories(uow.tx).commands.assign(id, userId, viewer);
        uow.emit({ type: 'lead.assigned', leadIds: [lead.id], userId, versions: { [lead.id]: lead.version }, name: leadName(lead) });
        return lead;
      });
    },

    /** Deletes a lead with its comments and history; the audit row keeps what it was. */
    async deleteLead({ actor, viewer }: LeadCaller, id: number): Promise<void> {
      await run(actor, async (uow) => {
        const leads = leadRepositories(uow.tx);
        const before = await leads.queries.detail(id, viewer);
        await leads.commands.delete(id, viewer);
        await uow.audit({ action: 'lead.delete', subjectType: 'lead', subjectId: before.id, before });
        uow.emit({ type: 'lead.deleted', leadIds: [id] });
      });
    },

    /**
     * Merges one lead into another (docs/decisions/075): the kept lead takes the chosen fields, both leads' responsible
     * users, stars, comments and history; the other is deleted. Undone by nothing but creating a new lead, so both
     * leads as they were stay in the audit log.
     */
    async mergeLeads({ actor, viewer }: LeadCaller, request: LeadMergeRequest): Promise<LeadDetail> {
      return run(actor, async (uow) => {
        const { kept, before } = await leadRepositories(uow.tx).merges.merge(request, viewer);
        await uow.audit({ action: 'lead.merge', subjectType: 'lead', subjectId: kept.id, before: before.keep, after: { ...kept, merged: before.merge } });
        await uow.audit({ action: 'lead.merge', subjectType: 'lead', subjectId: before.merge.id, before: before.merge, after: { merged_into: kept.id } });
        uow.emit({ type: 'lead.updated', leadId: kept.id, version: kept.version });
        uow.emit({ type: 'lead.deleted', leadIds: [before.merge.id] });
        return kept;
      });
    },

    /** One action on the selected leads; leads out of the caller's scope are skipped, not refused. */
    async bulkChangeLeads({ actor, viewer }: LeadCaller, input: BulkInput): Promise<LeadBulkResult> {
      return run(actor, async (uow) => {
        const result = await leadRepositories(uow.tx).bulk.bulk(input, viewer);
        const skipped = new Set(result.skipped.map((s) => s.id));
        const leadIds = [...new Set(input.ids)].filter((id) => !skipped.has(id));
        if (leadIds.length === 0) return result;
        if (input.action === 'status') uow.emit({ type: 'lead.status_changed', leadIds });
        else if (input.action === 'assign') uow.emit({ type: 'lead.assigned', leadIds, userId: input.user_id });
        else {
          for (const id of leadIds) await uow.audit({ action: 'lead.delete', subjectType: 'lead', subjectId: id, before: { id, bulk: true } });
          uow.emit({ type: 'lead.deleted', leadIds });
        }
        return result;
      });
    },

    async toggleLeadFavorite({ viewer }: LeadCaller, id: number): Promise<boolean> {
      // A star is the user's own mark, not a change of the lead: no audit row, no event, so no unit of work (the
      // repository's own transaction makes the toggle atomic).
      return leadRepositories(db).commands.toggleFavorite(id, viewer);
    },

    async addLeadComment({ actor, viewer }: LeadCaller, leadId: number, input: CommentInput): Promise<LeadComment> {
      return run(actor, async (uow) => {
        // The comment and whom it notifies, read under the lead's lock (decision 036: no second read of the lead).
        const { comment, lead } = await leadRepositories(uow.tx).comments.createNotifying(leadId, input, viewer);
        uow.emit({ type: 'lead.comment_added', leadId, commentId: comment.id, name: leadName(lead), users: lead.users });
        return comment;
      });
    },

    async updateLeadComment({ actor, viewer }: LeadCaller, leadId: number, commentId: number, input: CommentInput): Promise<LeadComment> {
      return run(actor, async (uow) => {
        const comment = await leadRepositories(uow.tx).comments.update(leadId, commentId, input, viewer);
        uow.emit({ type: 'lead.comment_updated', leadId, commentId });
        return comment;
      });
    },

    async deleteLeadComment({ actor, viewer }: LeadCaller, leadId: number, commentId: number): Promise<void> {
      await run(actor, async (uow) => {
        await leadRepositories(uow.tx).comments.delete(leadId, commentId, viewer);
        uow.emit({ type: 'lead.comment_deleted', leadId, commentId });
      });
    },
  };
}

export type LeadService = ReturnType<typeof createLeadService>;
