import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import { type CreateDocumentCategoryInput, type DataEnvelope, documentCategorySchema, dataEnvelope } from '@crm/shared/schemas';
import { DOCUMENT_CATEGORIES_PATH, documentCategoriesKey } from './get-document-categories';

const createDocumentCategoryAnswer = dataEnvelope(documentCategorySchema);

export async function createDocumentCategory(input: CreateDocumentCategoryInput): Promise<DataEnvelope<typeof documentCategorySchema>> {
  return createDocumentCategoryAnswer.parse(await api.post<unknown>(DOCUMENT_CATEGORIES_PATH, input));
}

/** Creates a category, then revalidates every cached category list. */
export function useCreateDocumentCategory() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: CreateDocumentCategoryInput) => {
      const created = await createDocumentCategory(input);
      await mutate(documentCategoriesKey);
      return created.data;
    },
    [mutate],
  );
}
