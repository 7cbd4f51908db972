import { z } from 'zod';
import { idSchema } from './id';
import { textSchema } from './text';

/** A document category (id, title), with the order users arrange them in and how many documents it holds. */
export const documentCategorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  documents_count: z.number().int(),
});
export type DocumentCategory = z.infer<typeof documentCategorySchema>;

export const createDocumentCategoryInputSchema = z.object({
  title: textSchema({ error: 'Укажите название' }).trim().min(1, 'Укажите название').max(150, 'Не больше 150 символов'),
});
export type CreateDocumentCategoryInput = z.infer<typeof createDocumentCategoryInputSchema>;

/** PUT /api/document-category/{id}: rename. */
export const updateDocumentCategoryInputSchema = createDocumentCategoryInputSchema;
export type UpdateDocumentCategoryInput = z.infer<typeof updateDocumentCategoryInputSchema>;

/** POST /api/document-category/reorder: every category id in the new order. */
export const reorderDocumentCategoriesInputSchema = z.object({ ids: z.array(idSchema()).min(1).max(10_000) });
export type ReorderDocumentCategoriesInput = z.infer<typeof reorderDocumentCategoriesInputSchema>;

/** DELETE /api/document-category/{id}?move_to=: the category's documents move there; without it a category in use is a 409. */
export const deleteDocumentCategoryQuerySchema = z.object({ move_to: idSchema('Неизвестная категория').optional() });
