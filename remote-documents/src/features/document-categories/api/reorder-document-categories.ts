import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import { type DataListEnvelope, documentCategorySchema, dataEnvelope } from '@crm/shared/schemas';
import { DOCUMENT_CATEGORIES_PATH, documentCategoriesKey, type DocumentCategoriesResponse } from './get-document-categories';

const reorderDocumentCategoriesAnswer = dataEnvelope(documentCategorySchema.array());

/** POST /api/document-category/reorder: every id in the new order. */
export async function reorderDocumentCategories(ids: number[]): Promise<DataListEnvelope<typeof documentCategorySchema>> {
  return reorderDocumentCategoriesAnswer.parse(await api.post<unknown>(`${DOCUMENT_CATEGORIES_PATH}/reorder`, { ids }));
}

/** Shows the new order at once and keeps the server's answer (or goes back to the server's order on failure). */
export function useReorderDocumentCategories() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (ids: number[]) =>
      mutate<DocumentCategoriesResponse>(documentCategoriesKey, reorderDocumentCategories(ids), {
        optimisticData: (current) => ({
          data: ids.flatMap((id) => current?.data.filter((category) => category.id === id) ?? []),
        }),
        rollbackOnError: true,
        revalidate: false,
      }),
    [mutate],
  );
}
