import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import type { CreateDocumentCategoryInput, DocumentCategory } from '@crm/shared/schemas';
import { DOCUMENT_CATEGORIES_PATH, isDocumentCategoriesKey } from './get-document-categories';

export function createDocumentCategory(input: CreateDocumentCategoryInput): Promise<{ data: DocumentCategory }> {
  return api.post<{ data: DocumentCategory }>(DOCUMENT_CATEGORIES_PATH, input);
}

/** Creates a category, then revalidates every cached category list. */
export function useCreateDocumentCategory() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: CreateDocumentCategoryInput) => {
      const created = await createDocumentCategory(input);
      await mutate(isDocumentCategoriesKey);
      return created.data;
    },
    [mutate],
  );
}
