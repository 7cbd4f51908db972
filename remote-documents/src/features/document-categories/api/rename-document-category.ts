import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import { type DataEnvelope, documentCategorySchema, dataEnvelope } from '@crm/shared/schemas';
import { DOCUMENT_CATEGORIES_PATH, documentCategoriesKey } from './get-document-categories';

const renameDocumentCategoryAnswer = dataEnvelope(documentCategorySchema);

/** PUT /api/document-category/{id}: a new title. */
export async function renameDocumentCategory(id: number, title: string): Promise<DataEnvelope<typeof documentCategorySchema>> {
  return renameDocumentCategoryAnswer.parse(await api.put<unknown>(`${DOCUMENT_CATEGORIES_PATH}/${id}`, { title }));
}

export function useRenameDocumentCategory() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number, title: string) => {
      const answer = await renameDocumentCategory(id, title);
      await mutate(documentCategoriesKey);
      return answer.data;
    },
    [mutate],
  );
}
