import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { type DataListEnvelope, documentCategorySchema, dataEnvelope } from '@crm/shared/schemas';

export const DOCUMENT_CATEGORIES_PATH = '/document-category';

export type DocumentCategoriesResponse = DataListEnvelope<typeof documentCategorySchema>;

/** The one cache entry of the categories: writes revalidate it with `mutate(documentCategoriesKey)`. */
export const documentCategoriesKey = [DOCUMENT_CATEGORIES_PATH] as const;

const getDocumentCategoriesAnswer = dataEnvelope(documentCategorySchema.array());

/** GET /api/document-category (data.data is the category list). */
export async function getDocumentCategories(): Promise<DocumentCategoriesResponse> {
  return getDocumentCategoriesAnswer.parse(await api.get<unknown>(DOCUMENT_CATEGORIES_PATH));
}

export function useDocumentCategories() {
  return useSWR<DocumentCategoriesResponse, ApiError>(documentCategoriesKey, getDocumentCategories);
}
