import { z } from 'zod/mini';
import { pageQuerySchema } from './envelope';
import { miniIdSchema } from './id';
import { miniTextSchema, UNSTORABLE_TEXT_MESSAGE_RU } from './text';

// What /document/list parses before its first paint, built with zod/mini so the page loads no classic zod
// (docs/decisions/080). The API keeps the classic schemas of ../document.ts and ../document-category.ts;
// ../document-list-mini.test.ts proves each of these accepts and refuses what its classic twin does, with the same messages.

export const DOCUMENT_SORT_FIELDS = ['title', 'created_at', 'updated_at', 'rank'] as const;

/** `listDocumentsQuerySchema` (GET /api/document's querystring) built with zod/mini: /document/list reads its URL with it. */
export const miniListDocumentsQuerySchema = z.object({
  ...pageQuerySchema.shape,
  search: z.optional(
    miniTextSchema({ error: 'Введите текст для поиска', unstorable: UNSTORABLE_TEXT_MESSAGE_RU }).check(
      z.trim(),
      z.maxLength(200, 'Не более 200 символов'),
    ),
  ),
  category_id: z.optional(miniIdSchema('Неизвестная категория')),
  /** `field` ascending or `-field` descending; `rank` (best match first) is the default with a search. */
  sort: z.optional(z.string().check(z.regex(new RegExp(`^-?(${DOCUMENT_SORT_FIELDS.join('|')})$`), 'Unknown sort field'))),
});

/** `highlightPartSchema` built with zod/mini. */
export const miniHighlightPartSchema = z.object({ text: z.string(), match: z.boolean() });

/** `documentListItemSchema` (a row of GET /api/document) built with zod/mini. */
export const miniDocumentListItemSchema = z.object({
  id: z.number().check(z.int()),
  title: z.string(),
  category_id: z.number().check(z.int()),
  category: z.object({ id: z.number().check(z.int()), title: z.string() }),
  excerpt: z.string(),
  highlight: z.nullable(z.array(miniHighlightPartSchema)),
  files_count: z.number().check(z.int()),
  updated_at: z.string(),
});

/** `documentCategorySchema` (a category of GET /api/document-category) built with zod/mini. */
export const miniDocumentCategorySchema = z.object({
  id: z.number().check(z.int()),
  title: z.string(),
  position: z.number().check(z.int()),
  documents_count: z.number().check(z.int()),
});

/** The categories as GET /api/document-category lists them (its `data`), so a page needs no zod of its own to parse them. */
export const miniDocumentCategoryListSchema = z.array(miniDocumentCategorySchema);
