import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import type { MessageAnswer } from '@crm/shared/schemas';
import { DOCUMENT_CATEGORIES_PATH, documentCategoriesKey } from './get-document-categories';

export function deleteDocumentCategory(id: number): Promise<MessageAnswer> {
  return api.delete<MessageAnswer>(`${DOCUMENT_CATEGORIES_PATH}/${id}`);
}

export function useDeleteDocumentCategory() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number) => {
      const answer = await deleteDocumentCategory(id);
      await mutate(documentCategoriesKey);
      return answer;
    },
    [mutate],
  );
}
