import { asc, eq, max } from 'drizzle-orm';
import type { CommentStep, CreateCommentStepInput } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { commentSteps } from '../db/schema/comment-steps';
import { notFound } from '../errors/app-error';

const columns = { id: commentSteps.id, name: commentSteps.name, position: commentSteps.position };

export function createCommentStepRepository(db: Database) {
  return {
    list(): Promise<CommentStep[]> {
      return db.select(columns).from(commentSteps).orderBy(asc(commentSteps.position), asc(commentSteps.id));
    },

    /** New steps go last. */
    async create(input: CreateCommentStepInput): Promise<CommentStep> {
      const [{ last }] = await db.select({ last: max(commentSteps.position) }).from(commentSteps);
      const [created] = await db
        .insert(commentSteps)
        .values({ name: input.name, position: (last ?? 0) + 1 })
        .returning(columns);
      return created;
    },

    async delete(id: number): Promise<void> {
      const deleted = await db.delete(commentSteps).where(eq(commentSteps.id, id)).returning({ id: commentSteps.id });
      if (deleted.length === 0) throw notFound('Comment step not found');
    },
  };
}

export type CommentStepRepository = ReturnType<typeof createCommentStepRepository>;
