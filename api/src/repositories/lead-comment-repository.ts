import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { LeadComment, leadCommentInputSchema } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode } from '../db/errors';
import { commentSteps } from '../db/schema/comment-steps';
import { leadComments } from '../db/schema/lead-comments';
import { leadHistory } from '../db/schema/lead-history';
import { leads } from '../db/schema/leads';
import { storableJson } from '../db/storable-json';
import { users } from '../db/schema/users';
import { AppError, notFound, validationFailed } from '../errors/app-error';
import { sanitizeRichText } from '../lib/rich-text';
import { diffFields, recordHistory } from './lead/lead-history-entries';
import { leadNotFound, type LeadScopeHelper, type LeadViewer } from './lead-scope';

type CommentInput = z.output<typeof leadCommentInputSchema>;

const STEP_NOT_FOUND = 'Этап не найден';
const STEP_ARCHIVED = 'Этап в архиве: выберите другой';

/** Whom a new comment notifies, and how the notification names the lead. */
export interface CommentTarget {
  id: number;
  surname: string;
  firstname: string;
  users: number[];
}

type CommentRow = {
  id: number;
  leadId: number;
  body: string;
  createdAt: Date;
  updatedAt: Date;
  step: { id: number | null; name: string | null; color: string | null } | null;
  author: { id: number | null; first_name: string | null; name: string | null } | null;
};

/** A comment as the API answers it. */
function toComment(r: CommentRow): LeadComment {
  return {
    id: r.id,
    lead_id: r.leadId,
    step: r.step && r.step.id !== null ? (r.step as { id: number; name: string; color: string }) : null,
    author: r.author && r.author.id !== null ? (r.author as { id: number; first_name: string; name: string }) : null,
    body: r.body,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export function createLeadCommentRepository(db: Database, scope: LeadScopeHelper) {
  const columns = {
    id: leadComments.id,
    leadId: leadComments.leadId,
    body: leadComments.body,
    createdAt: leadComments.createdAt,
    updatedAt: leadComments.updatedAt,
    step: { id: commentSteps.id, name: commentSteps.name, color: commentSteps.color },
    author: { id: users.id, first_name: users.firstName, name: users.name },
  };

  async function select(where: ReturnType<typeof eq>): Promise<LeadComment[]> {
    const rows = await db
      .select(columns)
      .from(leadComments)
      .leftJoin(commentSteps, eq(commentSteps.id, leadComments.stepId))
      .leftJoin(users, eq(users.id, leadComments.authorId))
      .where(where)
      .orderBy(asc(leadComments.createdAt), asc(leadComments.id));
    return rows.map(toComment);
  }

  /**
   * The stored body, or 422 when nothing is left after sanitising; 422 too for a step that does not exist, or that is
   * archived unless the comment already has it (`keptStepId`).
   */
  async function checked(input: CommentInput, keptStepId?: number | null, tx: Database = db): Promise<{ stepId: number; body: string }> {
    const [step] = await tx
      .select({ id: commentSteps.id, archivedAt: commentSteps.archivedAt })
      .from(commentSteps)
      .where(eq(commentSteps.id, input.step_id));
    return judged(input, step ? { archived: step.archivedAt !== null } : undefined, keptStepId);
  }

  /** `checked` once the step has been read (`undefined`: it does not exist). */
  function judged(input: CommentInput, step: { archived: boolean } | undefined, keptStepId?: number | null): { stepId: number; body: string } {
    const body = sanitizeRichText(input.body);
    const errors: Record<string, string[]> = {};
    if (!step) errors.step_id = [STEP_NOT_FOUND];
    else if (step.archived && input.step_id !== keptStepId) errors.step_id = [STEP_ARCHIVED];
    if (body === '') errors.body = ['Напишите комментарий'];
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    return { stepId: input.step_id, body };
  }

  /** A step deleted between the check and the write is still the field's error. */
  async function stepSafe<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) throw validationFailed({ step_id: [STEP_NOT_FOUND] });
      throw error;
    }
  }

  /** The comment of this lead that the caller wrote: 404 when it is not the lead's, 403 when it is someone else's. */
  async function ownComment(tx: Database, leadId: number, commentId: number, userId: number) {
    const [comment] = await tx
      .select({ id: leadComments.id, authorId: leadComments.authorId, body: leadComments.body, stepId: leadComments.stepId })
      .from(leadComments)
      .where(and(eq(leadComments.id, commentId), eq(leadComments.leadId, leadId)))
      .for('update');
    if (!comment) throw notFound('Комментарий не найден');
    if (comment.authorId !== userId) throw new AppError('FORBIDDEN', 'Изменять и удалять комментарий может только его автор.');
    return comment;
  }

  /**
   * A new comment, and whom it notifies (the lead's name and responsible users, ordered as the detail orders them).
   * Four statements (decision 036): begin; the locking read that answers the 404, with the step's state and the
   * notification's target; the comment, its history row and the answer's joins in one; commit.
   */
  async function createNotifying(leadId: number, input: CommentInput, viewer: LeadViewer): Promise<{ comment: LeadComment; lead: CommentTarget }> {
    // The lead's 404 first, then the input's 422: both after the one locking read, inside the transaction.
    return stepSafe(() =>
      db.transaction(async (tx) => {
        const [lead] = await tx
          .select({
            id: leads.id,
            surname: leads.surname,
            firstname: leads.firstname,
            // Written out with the table names: in a one-table select drizzle drops them, and "id" would be the user's.
            users: sql<number[]>`array(select lu.user_id from lead_users lu inner join users u on u.id = lu.user_id where lu.lead_id = "leads"."id" order by u.name, u.id)`,
            stepFound: sql<boolean>`exists (select 1 from comment_steps cs where cs.id = ${input.step_id})`,
            stepArchived: sql<boolean>`exists (select 1 from comment_steps cs where cs.id = ${input.step_id} and cs.archived_at is not null)`,
          })
          .from(leads)
          .where(and(eq(leads.id, leadId), await scope.condition(viewer, tx)))
          .limit(1)
          .for('update', { of: leads });
        if (!lead) throw leadNotFound();
        const { stepId, body } = judged(input, lead.stepFound ? { archived: Boolean(lead.stepArchived) } : undefined);
        const created = tx.$with('created').as(tx.insert(leadComments).values({ leadId, stepId, authorId: viewer.id, body }).returning());
        const logged = tx.$with('logged').as(
          tx.insert(leadHistory).values({
            leadId,
            userId: viewer.id,
            action: 'comment_added',
            changes: storableJson({ step_id: { from: null, to: stepId }, body: { from: null, to: body } }),
          }),
        );
        const [row] = await tx
          .with(created, logged)
          .select({
            id: created.id,
            leadId: created.leadId,
            body: created.body,
            createdAt: created.createdAt,
            updatedAt: created.updatedAt,
            step: columns.step,
            author: columns.author,
          })
          .from(created)
          .leftJoin(commentSteps, eq(commentSteps.id, created.stepId))
          .leftJoin(users, eq(users.id, created.authorId));
        return {
          comment: toComment(row),
          lead: { id: lead.id, surname: lead.surname, firstname: lead.firstname, users: lead.users.map(Number) },
        };
      }),
    );
  }

  return {
    /** Oldest first, as a timeline reads. */
    async list(leadId: number, viewer: LeadViewer): Promise<LeadComment[]> {
      await scope.findVisible(leadId, viewer);
      return select(eq(leadComments.leadId, leadId));
    },

    async create(leadId: number, input: CommentInput, viewer: LeadViewer): Promise<LeadComment> {
      return (await createNotifying(leadId, input, viewer)).comment;
    },

    createNotifying,

    async update(leadId: number, commentId: number, input: CommentInput, viewer: LeadViewer): Promise<LeadComment> {
      await scope.findVisible(leadId, viewer);
      const [current] = await db.select({ stepId: leadComments.stepId }).from(leadComments).where(eq(leadComments.id, commentId));
      const { stepId, body } = await checked(input, current?.stepId);
      await stepSafe(() =>
        db.transaction(async (tx) => {
          await scope.findVisible(leadId, viewer, tx, { lock: true });
          const before = await ownComment(tx, leadId, commentId, viewer.id);
          await tx.update(leadComments).set({ stepId, body, updatedAt: new Date() }).where(eq(leadComments.id, commentId));
          // Only what the author changed; saving the same step and text records nothing.
          const changes = diffFields({ step_id: before.stepId, body: before.body }, { step_id: stepId, body });
          if (Object.keys(changes).length > 0) await recordHistory(tx, [{ leadId, userId: viewer.id, action: 'comment_updated', changes }]);
        }),
      );
      const [comment] = await select(eq(leadComments.id, commentId));
      return comment;
    },

    async delete(leadId: number, commentId: number, viewer: LeadViewer): Promise<void> {
      await db.transaction(async (tx) => {
        await scope.findVisible(leadId, viewer, tx, { lock: true });
        const removed = await ownComment(tx, leadId, commentId, viewer.id);
        await tx.delete(leadComments).where(eq(leadComments.id, commentId));
        await recordHistory(tx, [
          { leadId, userId: viewer.id, action: 'comment_deleted', changes: { step_id: { from: removed.stepId, to: null }, body: { from: removed.body, to: null } } },
        ]);
      });
    },
  };
}

export type LeadCommentRepository = ReturnType<typeof createLeadCommentRepository>;
