import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { LeadComment, leadCommentInputSchema } from '@crm/shared/schemas';
import { type Database, queryRows } from '../db/client';
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

/** The row of `createNotifying`'s statement: the lead, the step's state and, when it was written, the comment. */
type CreatedRow = {
  id: number;
  surname: string;
  firstname: string;
  users: number[];
  step_found: boolean;
  step_archived: boolean;
  comment_id: number | null;
  lead_id: number | null;
  body: string | null;
  created_ms: number | string | null;
  updated_ms: number | string | null;
  step_id: number | null;
  step_name: string | null;
  step_color: string | null;
  author_id: number | null;
  author_first_name: string | null;
  author_name: string | null;
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
   * A new comment, and whom it notifies (the lead's name and responsible users, ordered as the detail orders them), in
   * one statement (decision 036): the lead locked `FOR UPDATE` within the viewer's scope, the step's state, the comment
   * (inserted only when the lead, the step and the body pass), its history row and the answer's joins. The lead's 404
   * comes first, then the input's 422s, as before; nothing is written unless both pass.
   */
  async function createNotifying(leadId: number, input: CommentInput, viewer: LeadViewer): Promise<{ comment: LeadComment; lead: CommentTarget }> {
    const body = sanitizeRichText(input.body);
    const changes = JSON.stringify(storableJson({ step_id: { from: null, to: input.step_id }, body: { from: null, to: body } }));
    const rows = await stepSafe(async () =>
      queryRows<CreatedRow>(
        db,
        sql`with target as (
            select "leads"."id", "leads"."surname", "leads"."firstname",
              array(select lu.user_id from lead_users lu inner join users u on u.id = lu.user_id where lu.lead_id = "leads"."id" order by u.name, u.id) as users
            from ${leads} where ${and(eq(leads.id, leadId), await scope.condition(viewer))} limit 1 for update of "leads"
          ), step as (
            select cs.id, cs.archived_at from ${commentSteps} cs where cs.id = ${input.step_id}::int
          ), created as (
            insert into ${leadComments} (lead_id, step_id, author_id, body)
            select target.id, ${input.step_id}::int, ${viewer.id}::int, ${body}::text from target
            where ${body !== ''}::boolean and exists (select 1 from step where step.archived_at is null)
            returning id, lead_id, step_id, author_id, body, created_at, updated_at
          ), logged as (
            insert into ${leadHistory} (lead_id, user_id, action, changes)
            select c.lead_id, ${viewer.id}::int, 'comment_added', ${changes}::jsonb from created c
          )
          select t.id, t.surname, t.firstname, t.users,
            exists (select 1 from step) as step_found, exists (select 1 from step where step.archived_at is not null) as step_archived,
            c.id as comment_id, c.lead_id, c.body,
            floor(extract(epoch from c.created_at) * 1000)::float8 as created_ms, floor(extract(epoch from c.updated_at) * 1000)::float8 as updated_ms,
            s.id as step_id, s.name as step_name, s.color as step_color, a.id as author_id, a.first_name as author_first_name, a.name as author_name
          from target t left join created c on true
            left join ${commentSteps} s on s.id = c.step_id left join ${users} a on a.id = c.author_id`,
      ),
    );
    const [row] = rows;
    if (!row) throw leadNotFound();
    judged(input, row.step_found ? { archived: Boolean(row.step_archived) } : undefined);
    if (row.comment_id === null) throw new Error('The comment was not written although its lead, step and body passed');
    const comment = toComment({
      id: row.comment_id,
      leadId: row.lead_id!,
      body: row.body!,
      createdAt: new Date(Number(row.created_ms)),
      updatedAt: new Date(Number(row.updated_ms)),
      step: { id: row.step_id, name: row.step_name, color: row.step_color },
      author: { id: row.author_id, first_name: row.author_first_name, name: row.author_name },
    });
    return { comment, lead: { id: row.id, surname: row.surname, firstname: row.firstname, users: row.users.map(Number) } };
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
