import type { z } from 'zod/mini';
import type { SWRConfiguration } from 'swr';
import { api } from '@crm/shared/api-client';
import { usePagedQuery } from '@crm/shared/lists';
import { miniDocumentListItemSchema, type miniListDocumentsQuerySchema, type Paginated, paginated } from '@crm/shared/schemas/mini';

export const DOCUMENTS_PATH = '/document';

/** What GET /api/document takes (the API's own querystring schema). */
export type DocumentsRequest = Partial<z.output<typeof miniListDocumentsQuerySchema>>;
export type DocumentsPage = Paginated<typeof miniDocumentListItemSchema>;

export const documentsKey = (request: DocumentsRequest) => [DOCUMENTS_PATH, request] as const;

/** Every cached page of documents, whatever its query. */
export const isDocumentsPageKey = (key: unknown): boolean => Array.isArray(key) && key[0] === DOCUMENTS_PATH;

// zod/mini, as the list's URL: the list's first load carries no classic zod (docs/decisions/080).
const getDocumentsAnswer = paginated(miniDocumentListItemSchema);

/** GET /api/document: one page, by category, searched. */
export async function getDocuments(request: DocumentsRequest): Promise<DocumentsPage> {
  return getDocumentsAnswer.parse(await api.get<unknown>(DOCUMENTS_PATH, request));
}

export function useDocuments(request: DocumentsRequest | null, config?: SWRConfiguration<DocumentsPage>) {
  return usePagedQuery(request && documentsKey(request), ([, query]) => getDocuments(query), config);
}
