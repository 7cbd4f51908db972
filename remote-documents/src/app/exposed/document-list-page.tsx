// Federation module ./document-list-page (/document/list and /document/list/:id).
import { DocumentListPage } from '../../features/documents/components/document-list-page';
import { useDocumentCategories } from '../../features/document-categories/api/get-document-categories';

export default function DocumentListRoute() {
  const categories = useDocumentCategories();
  return <DocumentListPage categories={categories.data?.data} categoriesLoading={categories.isLoading} />;
}
