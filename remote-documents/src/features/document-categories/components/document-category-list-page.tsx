import { CrudListPage, type DataTableColumn } from '@crm/shared/ui';
import type { DocumentCategory } from '@crm/shared/schemas';
import { useDeleteDocumentCategory } from '../api/delete-document-category';
import { useDocumentCategories } from '../api/get-document-categories';

const columns: DataTableColumn<DocumentCategory>[] = [
  { key: 'title', header: 'Название' },
  { key: 'id', header: 'ID', width: 96 },
];

/** /document-category/list: the categories, an add button opening the `AddDrawer` child route, delete per row. */
export function DocumentCategoryListPage() {
  const { data, error, isLoading, mutate } = useDocumentCategories();
  const deleteDocumentCategory = useDeleteDocumentCategory();
  return (
    <CrudListPage
      title="Категории документов"
      aria-label="Категории документов"
      columns={columns}
      rows={data?.data}
      rowKey="id"
      loading={isLoading}
      error={error}
      errorTitle="Не удалось загрузить категории"
      onRetry={() => void mutate()}
      add={{ label: 'Добавить категорию', to: 'AddDrawer', subject: 'document-category' }}
      remove={{
        label: 'Удалить',
        subject: 'document-category',
        rowLabel: (category) => category.title,
        run: (category) => deleteDocumentCategory(category.id),
        successMessage: 'Категория удалена',
      }}
    />
  );
}
