import { useState } from 'react';
import { Outlet, useNavigate } from '@crm/shared/router';
import styled from 'styled-components';
import { useAbility } from '@crm/shared/abilities/react';
import { errorMessage } from '@crm/shared/api-client';
import type { DocumentCategory } from '@crm/shared/schemas';
import {
  Button,
  Card,
  Dialog,
  ErrorState,
  IconPlus,
  OrderedColorTable,
  PageHeader,
  Select,
  Spinner,
  useConfirm,
  useToast,
} from '@crm/shared/ui';
import { useDeleteDocumentCategory } from '../api/delete-document-category';
import { useDocumentCategories } from '../api/get-document-categories';
import { useRenameDocumentCategory } from '../api/rename-document-category';
import { useReorderDocumentCategories } from '../api/reorder-document-categories';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
`;

const Count = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

/** A category as the kit's ordered table draws it: its title as the row's name. */
type CategoryRow = DocumentCategory & { name: string };

const COLUMNS = [{ header: 'Документы', width: '140px', cell: (row: CategoryRow) => <Count>{row.documents_count} док.</Count> }];

/**
 * /document-category/list: the categories in their order with their document counts, drawn by the kit's ordered
 * table (as lead statuses and comment steps are). Add opens the AddDrawer child route; rename in place (click the
 * title); reorder by drag and drop or the arrow buttons; delete after 'Уверены?', moving the documents of a category in
 * use to one the user picks.
 */
export function DocumentCategoryListPage() {
  const navigate = useNavigate();
  const ability = useAbility();
  const canCreate = ability.can('create', 'document-category');
  const canEdit = ability.can('edit', 'document-category');
  const canDelete = ability.can('delete', 'document-category');
  const { data, error, isLoading, mutate } = useDocumentCategories();
  const deleteCategory = useDeleteDocumentCategory();
  const renameCategory = useRenameDocumentCategory();
  const reorder = useReorderDocumentCategories();
  const confirm = useConfirm();
  const toast = useToast();
  const [reordering, setReordering] = useState(false);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [moving, setMoving] = useState<{ category: DocumentCategory; target: number | null } | null>(null);
  const categories = data?.data ?? [];
  const rows: CategoryRow[] = categories.map((category) => ({ ...category, name: category.title }));

  const reorderRows = async (ordered: CategoryRow[]) => {
    setReordering(true);
    try {
      await reorder(ordered.map((row) => row.id));
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setReordering(false);
    }
  };

  const remove = async (category: DocumentCategory, moveTo?: number) => {
    setDeletingId(category.id);
    try {
      await deleteCategory(category.id, moveTo);
      toast.success('Категория удалена');
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setDeletingId(null);
    }
  };

  const askDelete = async (category: DocumentCategory) => {
    if (!(await confirm())) return;
    if (category.documents_count > 0) setMoving({ category, target: null });
    else await remove(category);
  };

  // A 422 on `title` is shown under the field by the kit's inline editor; anything else throws there too.
  const rename = async (category: DocumentCategory, title: string) => {
    await renameCategory(category.id, title);
    toast.success('Категория переименована');
  };

  let content;
  if (error) content = <ErrorState title="Не удалось загрузить категории" message={error.message} onRetry={() => void mutate()} />;
  else if (isLoading) content = <Spinner label="Загрузка категорий" />;
  else {
    content = (
      <OrderedColorTable<CategoryRow>
        aria-label="Категории документов"
        items={rows}
        canEdit={canEdit}
        canDelete={canDelete}
        reordering={reordering}
        deletingId={deletingId}
        labels={{ name: 'Название' }}
        nameErrorField="title"
        columns={COLUMNS}
        onRename={(row, title) => rename(row, title)}
        onReorder={(ordered) => void reorderRows(ordered)}
        onDelete={(row) => void askDelete(row)}
      />
    );
  }

  return (
    <Page>
      <PageHeader
        title="Категории документов"
        actions={
          canCreate ? (
            <Button startIcon={<IconPlus />} onClick={() => navigate('AddDrawer')}>
              Добавить категорию
            </Button>
          ) : null
        }
      />
      <Card flush>{content}</Card>
      {moving ? (
        <Dialog
          open
          onOpenChange={(open) => (open ? undefined : setMoving(null))}
          title="Перенести документы"
          description={`В категории «${moving.category.title}» ${moving.category.documents_count} док. Выберите категорию, в которую их перенести.`}
          footer={
            <Button
              variant="danger"
              disabled={moving.target === null}
              onClick={() => {
                const { category, target } = moving;
                setMoving(null);
                void remove(category, target ?? undefined);
              }}
            >
              Перенести и удалить
            </Button>
          }
        >
          <Select<number>
            label="Категория"
            name="move_to"
            options={categories.filter((c) => c.id !== moving.category.id).map((c) => ({ value: c.id, label: c.title }))}
            value={moving.target}
            onChange={(target) => setMoving({ ...moving, target })}
            placeholder="Выберите категорию"
          />
        </Dialog>
      ) : null}
      {/* /document-category/list/AddDrawer */}
      <Outlet />
    </Page>
  );
}
