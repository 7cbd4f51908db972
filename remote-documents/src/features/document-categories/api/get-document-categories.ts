import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { DataListEnvelope, documentCategorySchema } from '@crm/shared/schemas';

export const DOCUMENT_CATEGORIES_PATH = '/document-category';

export type DocumentCategoriesResponse = DataListEnvelope<typeof documentCategorySchema>;

/** The one cache entry of the categories: writes revalidate it with `mutate(documentCategoriesKey)`. */
export const documentCategoriesKey = [DOCUMENT_CATEGORIES_PATH] as const;

/** GET /api/document-category (§7: data.data is the category list). */
export function getDocumentCategories(): Promise<DocumentCategoriesResponse> {
  return api.get<DocumentCategoriesResponse>(DOCUMENT_CATEGORIES_PATH);
}

export function useDocumentCategories() {
  return useSWR<DocumentCategoriesResponse, ApiError>(documentCategoriesKey, getDocumentCategories);
}
