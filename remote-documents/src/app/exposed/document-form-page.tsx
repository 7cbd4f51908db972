// Federation module ./document-form-page (/document/add, /document/add/Form, /document/create, /document/:id/edit).
import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { DocumentFormPage } from '../../features/documents/components/document-form-page';
import { documentCategoriesKey, useDocumentCategories } from '../../features/document-categories/api/get-document-categories';

export default function DocumentFormRoute() {
  const categories = useDocumentCategories();
  const { mutate } = useSWRConfig();
  const options = useMemo(() => (categories.data?.data ?? []).map((c) => ({ value: c.id, label: c.title })), [categories.data]);
  return (
    <DocumentFormPage
      categoryOptions={options}
      categoriesLoading={categories.isLoading}
      onSaved={() => void mutate(documentCategoriesKey)}
    />
  );
}
