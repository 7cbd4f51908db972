// Federation module ./document-form-page (/document/add, /document/add/Form, /document/create, /document/:id/edit).
import { useCallback, useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { DocumentFormPage } from '../../features/documents/components/document-form-page';
import { documentCategoriesKey, useDocumentCategories } from '../../features/document-categories/api/get-document-categories';

export default function DocumentFormRoute() {
  const categories = useDocumentCategories();
  const { mutate } = useSWRConfig();
  // Stable, so the form's callbacks (and the files card's upload queue) do not change on every category refresh.
  const onSaved = useCallback(() => void mutate(documentCategoriesKey), [mutate]);
  const options = useMemo(() => (categories.data?.data ?? []).map((c) => ({ value: c.id, label: c.title })), [categories.data]);
  return (
    <DocumentFormPage
      categoryOptions={options}
      categoriesLoading={categories.isLoading}
      onSaved={onSaved}
    />
  );
}
