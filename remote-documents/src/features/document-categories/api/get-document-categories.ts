import { api, useApi } from '@crm/shared/api-client';
import type { DocumentCategory } from '@crm/shared/schemas';

export const DOCUMENT_CATEGORIES_PATH = '/document-category';

export type DocumentCategoriesResponse = { data: DocumentCategory[] };

export function getDocumentCategories(): Promise<DocumentCategoriesResponse> {
  return api.get<DocumentCategoriesResponse>(DOCUMENT_CATEGORIES_PATH);
}

export function useDocumentCategories() {
  return useApi<DocumentCategoriesResponse>(DOCUMENT_CATEGORIES_PATH);
}

// Matches the list whatever query it was cached under, so writes need not rebuild useApi's exact key.
export const isDocumentCategoriesKey = (key: unknown): boolean =>
  Array.isArray(key) && key[0] === DOCUMENT_CATEGORIES_PATH;
