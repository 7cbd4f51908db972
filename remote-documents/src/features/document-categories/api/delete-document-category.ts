import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import { DOCUMENT_CATEGORIES_PATH, isDocumentCategoriesKey } from './get-document-categories';

export function deleteDocumentCategory(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`${DOCUMENT_CATEGORIES_PATH}/${id}`);
}

export function useDeleteDocumentCategory() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number) => {
      const answer = await deleteDocumentCategory(id);
      await mutate(isDocumentCategoriesKey);
      return answer;
    },
    [mutate],
  );
}
