import { asc, count, eq, max, sql } from 'drizzle-orm';
import type { CreateDocumentCategoryInput, DocumentCategory } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode } from '../db/errors';
import { documentCategories } from '../db/schema/document-categories';
import { documents } from '../db/schema/documents';
import { AppError, notFound, validationFailed } from '../errors/app-error';

const columns = { id: documentCategories.id, title: documentCategories.title, position: documentCategories.position };

const categoryInUse = () =>
  new AppError('CATEGORY_IN_USE', 'В категории есть документы, поэтому её нельзя удалить. Выберите категорию, в которую их перенести.');

/** What a deletion removed, and where its documents went. */
export interface DocumentCategoryDeletion {
  category: { id: number; title: string; position: number };
  moved: number;
  target?: { id: number; title: string };
}

export function createDocumentCategoryRepository(db: Database) {
  const withCounts = async (): Promise<DocumentCategory[]> => {
    const counts = db
      .select({ categoryId: documents.categoryId, total: count().as('total') })
      .from(documents)
      .groupBy(documents.categoryId)
      .as('counts');
    const rows = await db
      .select({ ...columns, documents_count: sql<number>`coalesce(${counts.total}, 0)::int` })
      .from(documentCategories)
      .leftJoin(counts, eq(counts.categoryId, documentCategories.id))
      .orderBy(asc(documentCategories.position), asc(documentCategories.id));
    return rows.map((row) => ({ ...row, documents_count: Number(row.documents_count) }));
  };

  const one = async (id: number): Promise<DocumentCategory> => {
    const found = (await withCounts()).find((category) => category.id === id);
    if (!found) throw notFound('Document category not found');
    return found;
  };

  return {
    /** In the order users arranged them, with how many documents each holds. */
    list: withCounts,

    async exists(id: number): Promise<boolean> {
      const [found] = await db.select({ id: documentCategories.id }).from(documentCategories).where(eq(documentCategories.id, id));
      return found !== undefined;
    },

    /** New categories go last. */
    async create(input: CreateDocumentCategoryInput): Promise<DocumentCategory> {
      const [{ last }] = await db.select({ last: max(documentCategories.position) }).from(documentCategories);
      const [created] = await db
        .insert(documentCategories)
        .values({ title: input.title, position: (last ?? 0) + 1 })
        .returning(columns);
      return { ...created, documents_count: 0 };
    },

    async rename(id: number, title: string): Promise<DocumentCategory> {
      const updated = await db.update(documentCategories).set({ title }).where(eq(documentCategories.id, id)).returning(columns);
      if (updated.length === 0) throw notFound('Document category not found');
      return one(id);
    },

    /** `ids` must name every category exactly once; positions become 1…n in that order. */
    async reorder(ids: number[]): Promise<DocumentCategory[]> {
      await db.transaction(async (tx) => {
        const existing = await tx.select({ id: documentCategories.id }).from(documentCategories).for('update');
        const known = new Set(existing.map((c) => c.id));
        if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
          throw validationFailed({ ids: ['Укажите каждую категорию ровно один раз'] });
        }
        await tx.execute(
          sql`update ${documentCategories} set position = o.position
            from unnest(${sql.param(ids)}::int[]) with ordinality as o(id, position) where ${documentCategories.id} = o.id`,
        );
      });
      return withCounts();
    },

    /**
     * Without `moveTo`, refuses while documents are in the category (the foreign key catches one added between check
     * and delete). With it, moves them there first, in the same transaction. Answers what was deleted and how many
     * documents moved where, for the audit row.
     */
    async delete(id: number, moveTo?: number): Promise<DocumentCategoryDeletion> {
      if (moveTo !== undefined) {
        if (moveTo === id) throw validationFailed({ move_to: ['Выберите другую категорию'] });
        return db.transaction(async (tx) => {
          const [found] = await tx.select(columns).from(documentCategories).where(eq(documentCategories.id, id)).for('update');
          if (!found) throw notFound('Document category not found');
          const [target] = await tx.select({ id: documentCategories.id, title: documentCategories.title }).from(documentCategories).where(eq(documentCategories.id, moveTo));
          if (!target) throw validationFailed({ move_to: ['Категория не найдена'] });
          const moved = await tx.update(documents).set({ categoryId: moveTo }).where(eq(documents.categoryId, id)).returning({ id: documents.id });
          await tx.delete(documentCategories).where(eq(documentCategories.id, id));
          return { category: found, moved: moved.length, target };
        });
      }
      const [{ used }] = await db.select({ used: count() }).from(documents).where(eq(documents.categoryId, id));
      if (used > 0) throw categoryInUse();
      try {
        const [deleted] = await db.delete(documentCategories).where(eq(documentCategories.id, id)).returning(columns);
        if (!deleted) throw notFound('Document category not found');
        return { category: deleted, moved: 0 };
      } catch (error) {
        if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) throw categoryInUse();
        throw error;
      }
    },
  };
}

export type DocumentCategoryRepository = ReturnType<typeof createDocumentCategoryRepository>;
