import { z } from 'zod';
import { textSchema } from './text';

/** A document category (§3: id, title). */
export const documentCategorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
});
export type DocumentCategory = z.infer<typeof documentCategorySchema>;

export const createDocumentCategoryInputSchema = z.object({
  title: textSchema({ error: 'Enter a title' }).trim().min(1, 'Enter a title').max(150, 'At most 150 characters'),
});
export type CreateDocumentCategoryInput = z.infer<typeof createDocumentCategoryInputSchema>;
