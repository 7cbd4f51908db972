// Federation module ./document-list-page (/document/list and /document/list/:id).
import { DocumentListPage } from '../../features/documents/components/document-list-page';
import { useDocumentCategories } from '../../features/document-categories/api/get-document-categories';
import { useLiveDocuments } from '../../hooks/use-live-documents';

export default function DocumentListRoute() {
  const categories = useDocumentCategories();
  // The sidebar's counts follow documents added or removed elsewhere (the list refreshes itself).
  useLiveDocuments(() => void categories.mutate());
  return <DocumentListPage categories={categories.data?.data} categoriesLoading={categories.isLoading} />;
}
