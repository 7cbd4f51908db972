import type { z } from 'zod';
import type { CommentStep, createCommentStepInputSchema, updateCommentStepInputSchema } from '@crm/shared/schemas';
import { notFound } from '../errors/app-error';
import { createCommentStepRepository } from '../repositories/comment-step-repository';
import type { Actor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

const snapshot = (step: { name: string; color: string; position: number; archived: boolean }) => ({
  name: step.name,
  color: step.color,
  position: step.position,
  archived: step.archived,
});

const stepNotFound = () => notFound('Comment step not found');

/** Comment steps: each change audited with the step before and after. */
export function createCommentStepService(run: RunUnitOfWork) {
  return {
    async createCommentStep(actor: Actor, input: z.output<typeof createCommentStepInputSchema>): Promise<CommentStep> {
      return run(actor, async (uow) => {
        const step = await createCommentStepRepository(uow.tx).create(input);
        await uow.audit({ action: 'comment_step.create', subjectType: 'comment_step', subjectId: step.id, after: snapshot(step) });
        return step;
      });
    },

    async reorderCommentSteps(actor: Actor, ids: number[]): Promise<CommentStep[]> {
      return run(actor, async (uow) => {
        const steps = createCommentStepRepository(uow.tx);
        const before = (await steps.list()).map((s) => s.id);
        const reordered = await steps.reorder(ids);
        await uow.audit({ action: 'comment_step.reorder', subjectType: 'comment_step', before: { ids: before }, after: { ids } });
        return reordered;
      });
    },

    async updateCommentStep(actor: Actor, id: number, input: z.output<typeof updateCommentStepInputSchema>): Promise<CommentStep> {
      return run(actor, async (uow) => {
        const steps = createCommentStepRepository(uow.tx);
        const before = await steps.find(id);
        if (!before) throw stepNotFound();
        const step = await steps.update(id, input);
        await uow.audit({ action: 'comment_step.update', subjectType: 'comment_step', subjectId: step.id, before: snapshot(before), after: snapshot(step) });
        return step;
      });
    },

    async deleteCommentStep(actor: Actor, id: number): Promise<void> {
      await run(actor, async (uow) => {
        const steps = createCommentStepRepository(uow.tx);
        const before = await steps.find(id);
        if (!before) throw stepNotFound();
        await steps.delete(id);
        await uow.audit({ action: 'comment_step.delete', subjectType: 'comment_step', subjectId: before.id, before: snapshot(before) });
      });
    },
  };
}

export type CommentStepService = ReturnType<typeof createCommentStepService>;
