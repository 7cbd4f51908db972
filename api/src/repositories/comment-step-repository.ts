import { asc, count, eq, max, sql } from 'drizzle-orm';
import type { CommentStep, CreateCommentStepInput, UpdateCommentStepInput } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode } from '../db/errors';
import { commentSteps } from '../db/schema/comment-steps';
import { leadComments } from '../db/schema/lead-comments';
import { AppError, notFound, validationFailed } from '../errors/app-error';

const columns = {
  id: commentSteps.id,
  name: commentSteps.name,
  position: commentSteps.position,
  color: commentSteps.color,
  archived: sql<boolean>`${commentSteps.archivedAt} is not null`.mapWith(Boolean),
};

const stepInUse = (uses: number) =>
  new AppError(
    'STEP_IN_USE',
    `This step is used by ${uses} comment${uses === 1 ? '' : 's'}, so it cannot be deleted. Archive it instead: it disappears from new comments and stays on the old ones.`,
    undefined,
    { uses },
  );

export function createCommentStepRepository(db: Database) {
  const ordered = (tx: Database) => tx.select(columns).from(commentSteps).orderBy(asc(commentSteps.position), asc(commentSteps.id));

  return {
    /** Every step in order, archived ones included (they still label old comments). */
    list(): Promise<CommentStep[]> {
      return ordered(db);
    },

    async find(id: number): Promise<CommentStep | undefined> {
      const [step] = await db.select(columns).from(commentSteps).where(eq(commentSteps.id, id));
      return step;
    },

    /** New steps go last. */
    async create(input: CreateCommentStepInput): Promise<CommentStep> {
      const [{ last }] = await db.select({ last: max(commentSteps.position) }).from(commentSteps);
      const [created] = await db
        .insert(commentSteps)
        .values({ name: input.name, color: input.color ?? '#A8AAAE', position: (last ?? 0) + 1 })
        .returning(columns);
      return created;
    },

    /** Rename, recolour, archive or restore; a field left out keeps its value. */
    async update(id: number, input: UpdateCommentStepInput): Promise<CommentStep> {
      const changes: Partial<typeof commentSteps.$inferInsert> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.color !== undefined) changes.color = input.color;
      if (input.archived !== undefined) changes.archivedAt = input.archived ? new Date() : null;
      const [updated] =
        Object.keys(changes).length > 0
          ? await db.update(commentSteps).set(changes).where(eq(commentSteps.id, id)).returning(columns)
          : await db.select(columns).from(commentSteps).where(eq(commentSteps.id, id));
      if (!updated) throw notFound('Comment step not found');
      return updated;
    },

    /** `ids` must name every step exactly once; positions become 1…n in that order. */
    async reorder(ids: number[]): Promise<CommentStep[]> {
      return db.transaction(async (tx) => {
        const existing = await tx.select({ id: commentSteps.id }).from(commentSteps).for('update');
        const known = new Set(existing.map((s) => s.id));
        if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
          throw validationFailed({ ids: ['Перечислите каждый шаг ровно один раз'] });
        }
        await tx.execute(
          sql`update ${commentSteps} set position = o.position
            from unnest(${sql.param(ids)}::int[]) with ordinality as o(id, position) where ${commentSteps.id} = o.id`,
        );
        return ordered(tx);
      });
    },

    /** Refuses (409) while comments use the step: archiving is the way to retire it. */
    async delete(id: number): Promise<void> {
      const [{ uses }] = await db.select({ uses: count() }).from(leadComments).where(eq(leadComments.stepId, id));
      if (uses > 0) throw stepInUse(uses);
      try {
        const deleted = await db.delete(commentSteps).where(eq(commentSteps.id, id)).returning({ id: commentSteps.id });
        if (deleted.length === 0) throw notFound('Comment step not found');
      } catch (error) {
        if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) throw stepInUse(1);
        throw error;
      }
    },
  };
}

export type CommentStepRepository = ReturnType<typeof createCommentStepRepository>;
