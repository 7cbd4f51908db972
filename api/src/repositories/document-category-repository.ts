import { asc, eq } from 'drizzle-orm';
import type { CreateDocumentCategoryInput, DocumentCategory } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { documentCategories } from '../db/schema/document-categories';
import { notFound } from '../errors/app-error';

const columns = { id: documentCategories.id, title: documentCategories.title };

export function createDocumentCategoryRepository(db: Database) {
  return {
    list(): Promise<DocumentCategory[]> {
      return db.select(columns).from(documentCategories).orderBy(asc(documentCategories.title), asc(documentCategories.id));
    },

    async create(input: CreateDocumentCategoryInput): Promise<DocumentCategory> {
      const [created] = await db.insert(documentCategories).values({ title: input.title }).returning(columns);
      return created;
    },

    async delete(id: number): Promise<void> {
      const deleted = await db.delete(documentCategories).where(eq(documentCategories.id, id)).returning({ id: documentCategories.id });
      if (deleted.length === 0) throw notFound('Document category not found');
    },
  };
}

export type DocumentCategoryRepository = ReturnType<typeof createDocumentCategoryRepository>;
