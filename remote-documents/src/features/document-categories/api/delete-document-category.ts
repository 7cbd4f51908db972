import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import { type MessageAnswer, messageSchema } from '@crm/shared/schemas';
import { DOCUMENT_CATEGORIES_PATH, documentCategoriesKey } from './get-document-categories';

/** DELETE /api/document-category/{id}; with `moveTo` its documents move there first, else a category in use is a 409. */
export async function deleteDocumentCategory(id: number, moveTo?: number): Promise<MessageAnswer> {
  return messageSchema.parse(await api.delete<unknown>(`${DOCUMENT_CATEGORIES_PATH}/${id}${moveTo === undefined ? '' : `?move_to=${moveTo}`}`));
}

export function useDeleteDocumentCategory() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number, moveTo?: number) => {
      const answer = await deleteDocumentCategory(id, moveTo);
      await mutate(documentCategoriesKey);
      return answer;
    },
    [mutate],
  );
}
