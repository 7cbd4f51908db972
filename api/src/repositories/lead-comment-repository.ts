import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { LeadComment, leadCommentInputSchema } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode } from '../db/errors';
import { commentSteps } from '../db/schema/comment-steps';
import { leadComments } from '../db/schema/lead-comments';
import { users } from '../db/schema/users';
import { AppError, notFound, validationFailed } from '../errors/app-error';
import { sanitizeRichText } from '../lib/rich-text';
import { diffFields, recordHistory } from './lead/lead-history-entries';
import type { LeadScopeHelper, LeadViewer } from './lead-scope';

type CommentInput = z.output<typeof leadCommentInputSchema>;

const STEP_NOT_FOUND = 'Этап не найден';
const STEP_ARCHIVED = 'Этап в архиве: выберите другой';

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
    return rows.map((r) => ({
      id: r.id,
      lead_id: r.leadId,
      step: r.step && r.step.id !== null ? (r.step as { id: number; name: string; color: string }) : null,
      author: r.author && r.author.id !== null ? (r.author as { id: number; first_name: string; name: string }) : null,
      body: r.body,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    }));
  }

  /**
   * The stored body, or 422 when nothing is left after sanitising; 422 too for a step that does not exist, or that is
   * archived unless the comment already has it (`keptStepId`).
   */
  async function checked(input: CommentInput, keptStepId?: number | null, tx: Database = db): Promise<{ stepId: number; body: string }> {
    const body = sanitizeRichText(input.body);
    const [step] = await tx
      .select({ id: commentSteps.id, archivedAt: commentSteps.archivedAt })
      .from(commentSteps)
      .where(eq(commentSteps.id, input.step_id));
    const errors: Record<string, string[]> = {};
    if (!step) errors.step_id = [STEP_NOT_FOUND];
    else if (step.archivedAt !== null && step.id !== keptStepId) errors.step_id = [STEP_ARCHIVED];
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

  return {
    /** Oldest first, as a timeline reads. */
    async list(leadId: number, viewer: LeadViewer): Promise<LeadComment[]> {
      await scope.findVisible(leadId, viewer);
      return select(eq(leadComments.leadId, leadId));
    },

    async create(leadId: number, input: CommentInput, viewer: LeadViewer): Promise<LeadComment> {
      // The lead's 404 first, then the input's 422: both after the one locking read, inside the transaction.
      const id = await stepSafe(() =>
        db.transaction(async (tx) => {
          await scope.findVisible(leadId, viewer, tx, { lock: true });
          const { stepId, body } = await checked(input, undefined, tx);
          const [created] = await tx.insert(leadComments).values({ leadId, stepId, authorId: viewer.id, body }).returning({ id: leadComments.id });
          await recordHistory(tx, [{ leadId, userId: viewer.id, action: 'comment_added', changes: { step_id: { from: null, to: stepId }, body: { from: null, to: body } } }]);
          return created.id;
        }),
      );
      const [comment] = await select(eq(leadComments.id, id));
      return comment;
    },

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
