import { z } from 'zod';
import { pageQuerySchema } from './mini/envelope';
import { idSchema, INT4_MAX } from './id';
import { textSchema, UNSTORABLE_TEXT_MESSAGE_RU } from './text';
import { ERROR_CODE } from './mini/api-error';
import { DOCUMENT_SORT_FIELDS } from './mini/document-list';

/** At most this many links per document (issue 9). */
export const MAX_DOCUMENT_LINKS = 50;
export const LINK_INVALID_MESSAGE = 'Укажите ссылку, начинающуюся с http:// или https://';

const documentText = (error: string) => textSchema({ error, unstorable: UNSTORABLE_TEXT_MESSAGE_RU });

/** Whether a link is an absolute http(s) URL the browser can open. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A file attached to a document (id, file_name, size, preview, url). `url` and `preview` are signed, expiring URLs. */
export const documentFileSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  size: z.number().int(),
  /** Sniffed from the bytes, never the client's claim. */
  mime: z.string(),
  /** A thumbnail of an image; null for other types (the UI shows a type icon). */
  preview: z.string().nullable(),
  url: z.string(),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** A document as GET /api/document/{id} answers it. `text` is sanitised HTML. */
export const documentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  category_id: z.number().int(),
  links: z.array(z.string()),
  files: z.array(documentFileSchema),
  created_by: personSchema,
  updated_by: personSchema,
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Document = z.infer<typeof documentSchema>;

/** A piece of a search excerpt; `match` pieces are the words the search found. */
export const highlightPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type HighlightPart = z.infer<typeof highlightPartSchema>;

/** A row of GET /api/document. */
export const documentListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category_id: z.number().int(),
  category: z.object({ id: z.number().int(), title: z.string() }),
  /** The start of the body as plain text. */
  excerpt: z.string(),
  /** With a search: the best matching fragment of title, body or file names, split into plain and matched parts. */
  highlight: z.array(highlightPartSchema).nullable(),
  files_count: z.number().int(),
  updated_at: z.string(),
});
export type DocumentListItem = z.infer<typeof documentListItemSchema>;

// DOCUMENT_SORT_FIELDS and the list's zod/mini twins of the schemas above and below: ./mini/document-list.ts.
export const listDocumentsQuerySchema = z.object({
  ...pageQuerySchema.shape,
  search: documentText('Введите текст для поиска').trim().max(200, 'Не более 200 символов').optional(),
  category_id: idSchema('Неизвестная категория').optional(),
  /** `field` ascending or `-field` descending; `rank` (best match first) is the default with a search. */
  sort: z
    .string()
    .regex(new RegExp(`^-?(${DOCUMENT_SORT_FIELDS.join('|')})$`), 'Unknown sort field')
    .optional(),
});
export type ListDocumentsQuery = z.input<typeof listDocumentsQuerySchema>;

/**
 * The document form's fields as POST /api/document and PUT /api/document/{id} take them. The server adds
 * what the shape cannot say: the category must exist, the text is sanitised, links need `edit document`.
 */
export const documentInputSchema = z.object({
  title: documentText('Укажите название').trim().min(1, 'Укажите название').max(255, 'Не более 255 символов'),
  category_id: idSchema('Выберите категорию'),
  text: documentText('Напишите текст').max(1_000_000, 'Слишком длинный текст').default(''),
  links: z
    .array(
      documentText(LINK_INVALID_MESSAGE)
        .trim()
        .max(2000, 'Не более 2000 символов')
        .refine(isHttpUrl, LINK_INVALID_MESSAGE),
      { error: 'Передайте список ссылок' },
    )
    .max(MAX_DOCUMENT_LINKS, `Не более ${MAX_DOCUMENT_LINKS} ссылок`)
    .default([]),
  version: z.coerce.number().int().min(0).max(INT4_MAX).optional(),
});
export type DocumentInput = z.input<typeof documentInputSchema>;

/** 409 body of a stale document update: who changed it, when, and its version now. */
export const documentConflictSchema = z.object({
  message: z.string(),
  code: z.literal(ERROR_CODE.DOCUMENT_VERSION_CONFLICT),
  conflict: z.object({
    updated_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    updated_at: z.string(),
    version: z.number().int(),
  }),
});
export type DocumentConflict = z.infer<typeof documentConflictSchema>;
