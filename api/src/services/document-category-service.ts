import { createDocumentCategoryRepository } from '../repositories/document-category-repository';
import type { UserActor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

/** Document category changes that move documents: the move, the deletion and its audit row in one transaction. */
export function createDocumentCategoryService(run: RunUnitOfWork) {
  return {
    /** Deletes a category; with `moveTo` its documents move there first. The audit row says how many moved and where. */
    async deleteDocumentCategory(actor: UserActor, id: number, moveTo?: number): Promise<void> {
      await run(actor, async (uow) => {
        const { category, moved, target } = await createDocumentCategoryRepository(uow.tx).delete(id, moveTo);
        await uow.audit({
          action: 'document_category.delete',
          subjectType: 'document_category',
          subjectId: category.id,
          before: { title: category.title },
          after: target ? { moved_documents: moved, moved_to: target } : null,
        });
      });
    },
  };
}

export type DocumentCategoryService = ReturnType<typeof createDocumentCategoryService>;
