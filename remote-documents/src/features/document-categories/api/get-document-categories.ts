import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import { type DataListEnvelope, dataEnvelope, type miniDocumentCategorySchema, miniDocumentCategoryListSchema } from '@crm/shared/schemas/mini';

export const DOCUMENT_CATEGORIES_PATH = '/document-category';

export type DocumentCategoriesResponse = DataListEnvelope<typeof miniDocumentCategorySchema>;

/** The one cache entry of the categories: writes revalidate it with `mutate(documentCategoriesKey)`. */
export const documentCategoriesKey = [DOCUMENT_CATEGORIES_PATH] as const;

// zod/mini: the documents list shows the categories on its first paint, without classic zod (docs/decisions/080).
const getDocumentCategoriesAnswer = dataEnvelope(miniDocumentCategoryListSchema);

/** GET /api/document-category (data.data is the category list). */
export async function getDocumentCategories(): Promise<DocumentCategoriesResponse> {
  return getDocumentCategoriesAnswer.parse(await api.get<unknown>(DOCUMENT_CATEGORIES_PATH));
}

export function useDocumentCategories() {
  return useSWR<DocumentCategoriesResponse, ApiError>(documentCategoriesKey, getDocumentCategories);
}
